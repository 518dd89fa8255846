import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { DomainUserDataSections } from './user-data-sections';

@Module({ controllers: [AdminController], providers: [AdminService, DomainUserDataSections] })
export class AdminModule {}
