import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators';
import { DefinitionsService } from './definitions.service';
import { ServiceTypeParamDto } from './dto';

@ApiTags('definitions')
@Public()
@Controller('api/definitions')
export class DefinitionsController {
  constructor(private readonly definitions: DefinitionsService) {}

  @Get()
  list() {
    return this.definitions.list();
  }

  @Get(':serviceType/published')
  published(@Param() params: ServiceTypeParamDto) {
    return this.definitions.publishedPayload(params.serviceType);
  }
}
