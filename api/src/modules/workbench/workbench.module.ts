import { Module } from '@nestjs/common';
import { ClaimsModule } from '../claims/claims.module';
import { MessagesModule } from '../messages/messages.module';
import { AssignmentModule } from './assignment.module';
import { WorkbenchController } from './workbench.controller';
import { WorkbenchService } from './workbench.service';

@Module({
  imports: [ClaimsModule, MessagesModule, AssignmentModule],
  controllers: [WorkbenchController],
  providers: [WorkbenchService],
})
export class WorkbenchModule {}
