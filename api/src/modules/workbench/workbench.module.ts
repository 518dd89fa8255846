import { Module } from '@nestjs/common';
import { ClaimsModule } from '../claims/claims.module';
import { MessagesModule } from '../messages/messages.module';
import { AssignmentModule } from './assignment.module';
import { ClaimDeadlineSweepService } from './claim-deadline-sweep.service';
import { WorkbenchController } from './workbench.controller';
import { WorkbenchService } from './workbench.service';

@Module({
  imports: [ClaimsModule, MessagesModule, AssignmentModule],
  controllers: [WorkbenchController],
  providers: [WorkbenchService, ClaimDeadlineSweepService],
})
export class WorkbenchModule {}
