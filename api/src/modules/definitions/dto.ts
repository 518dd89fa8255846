import { Matches } from 'class-validator';

export class ServiceTypeParamDto {
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'serviceType must be a service type code' })
  serviceType!: string;
}
