import { Global, Module } from '@nestjs/common';
import { AdviserController } from './adviser.controller';
import { AdviserService } from './adviser.service';
import { DefinitionsController } from './definitions.controller';
import { DefinitionsService } from './definitions.service';
import { ImpactRunsController } from './impact/impact-runs.controller';
import { ImpactRunsService } from './impact/impact-runs.service';
import { ParameterSetsController } from './parameter-sets.controller';
import { ParameterSetsService } from './parameter-sets.service';

@Global()
@Module({
  controllers: [DefinitionsController, AdviserController, ImpactRunsController, ParameterSetsController],
  providers: [DefinitionsService, AdviserService, ImpactRunsService, ParameterSetsService],
  exports: [DefinitionsService],
})
export class DefinitionsModule {}
