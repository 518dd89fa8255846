import { Module } from '@nestjs/common';
import { ClaimsModule } from '../claims/claims.module';
import { AssignmentModule } from '../workbench/assignment.module';
import { AssessmentsController } from './assessments.controller';
import { AssessmentRepository } from './assessment.repository';
import { AssessmentsService } from './assessments.service';

@Module({
  // Submitting an assessment creates its claim through the claims module.
  imports: [ClaimsModule, AssignmentModule],
  controllers: [AssessmentsController],
  providers: [AssessmentsService, AssessmentRepository],
  exports: [AssessmentsService],
})
export class AssessmentsModule {}
