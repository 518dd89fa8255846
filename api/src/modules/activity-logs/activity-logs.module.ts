import { Global, Module } from '@nestjs/common';
import { ActivityLogService } from './activity-logs.service';

@Global()
@Module({
  providers: [ActivityLogService],
  exports: [ActivityLogService],
})
export class ActivityLogsModule {}
