import { Global, Module } from '@nestjs/common';
import { AdviserController } from './adviser.controller';
import { AdviserService } from './adviser.service';
import { DefinitionsController } from './definitions.controller';
import { DefinitionsService } from './definitions.service';
import { ImpactRunsController } from './impact/impact-runs.controller';
import { ImpactRunsService } from './impact/impact-runs.service';

@Global()
@Module({
  controllers: [DefinitionsController, AdviserController, ImpactRunsController],
  providers: [DefinitionsService, AdviserService, ImpactRunsService],
  exports: [DefinitionsService],
})
export class DefinitionsModule {}
