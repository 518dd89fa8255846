import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OptionalUser, Public } from '../../common/decorators';
import type { User } from '../users/user.entity';
import { DefinitionSummaryDto, PublishedDefinitionDto } from './definitions.response';
import { DefinitionsService } from './definitions.service';
import { PublishedQueryDto, ServiceTypeParamDto } from './dto';

@ApiTags('definitions')
@Public()
@Controller('api/definitions')
export class DefinitionsController {
  constructor(private readonly definitions: DefinitionsService) {}

  @Get()
  @ApiOkResponse({ type: DefinitionSummaryDto, isArray: true })
  list(@OptionalUser() user: User | null) {
    // Drafts are the advisers' work in progress: only staff see them listed.
    return this.definitions.list(user?.isStaff === true);
  }

  @Get(':serviceType/published')
  @ApiOkResponse({ type: PublishedDefinitionDto })
  published(
    @Param() params: ServiceTypeParamDto,
    @Query() query: PublishedQueryDto,
    @OptionalUser() user: User | null,
  ) {
    return this.definitions.publishedPayload(params.serviceType, query.as_of, user?.isStaff === true);
  }
}
