import { ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { IsCalendarDate, IsOptional } from '../../common/validation';

export class ServiceTypeParamDto {
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'serviceType must be a service type code' })
  serviceType!: string;
}

export class PublishedQueryDto {
  @ApiPropertyOptional({
    description:
      'The day whose version in force is wanted (default: today on the server). A later day than today needs a staff token: scheduled versions are not public before their date.',
    format: 'date',
  })
  @IsOptional()
  @IsCalendarDate()
  as_of?: string;
}
