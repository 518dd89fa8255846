import { ApiProperty } from '@nestjs/swagger';
import type { ServiceResponse } from './services.service';

// A catalogue service as the OpenAPI document describes it; the web app's types are generated
// from it. `implements` holds the class to the service's answer.

export class ServiceResponseDto implements ServiceResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() category!: string;
  @ApiProperty() route!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: String, isArray: true }) alternativeRoutes!: string[];
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ nullable: true, type: String }) typeCode!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The definition that assesses this service' })
  assessmentType!: string | null;
}
