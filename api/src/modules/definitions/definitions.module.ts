import { Global, Module } from '@nestjs/common';
import { AdviserController } from './adviser.controller';
import { AdviserService } from './adviser.service';
import { DefinitionsController } from './definitions.controller';
import { DefinitionsService } from './definitions.service';

@Global()
@Module({
  controllers: [DefinitionsController, AdviserController],
  providers: [DefinitionsService, AdviserService],
  exports: [DefinitionsService],
})
export class DefinitionsModule {}
