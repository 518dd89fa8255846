import { Module } from '@nestjs/common';
import { ClaimDraftsController } from './claim-drafts.controller';
import { ClaimDraftsService } from './claim-drafts.service';

@Module({ controllers: [ClaimDraftsController], providers: [ClaimDraftsService] })
export class ClaimDraftsModule {}
