import { Module } from '@nestjs/common';
import { AssignmentService } from './assignment.service';

/** Round-robin assignment of new claims (used by the assessments submit and the workbench). */
@Module({ providers: [AssignmentService], exports: [AssignmentService] })
export class AssignmentModule {}
