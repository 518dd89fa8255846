import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { OptionalUser, Public } from '../../common/decorators';
import type { User } from '../users/user.entity';
import { ServiceResponseDto } from './service.response';
import { ServicesService } from './services.service';
import { IsOptional } from '../../common/validation';

export class CategoryParamDto {
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'category must be a category name' })
  category!: string;
}

export class ListServicesQueryDto {
  @ApiPropertyOptional({ description: 'Staff: include inactive services.' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'all must be true or false' })
  all?: 'true' | 'false';
}

@ApiTags('services')
@Public()
@Controller('services')
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  @Get()
  @ApiOkResponse({ type: ServiceResponseDto, isArray: true })
  list(@Query() query: ListServicesQueryDto, @OptionalUser() user: User | null) {
    return this.services.list(query.all === 'true' && user?.isStaff === true);
  }

  @Get('category/:category')
  @ApiOkResponse({ type: ServiceResponseDto, isArray: true })
  byCategory(@Param() params: CategoryParamDto) {
    return this.services.byCategory(params.category);
  }
}
