import { Global, Module } from '@nestjs/common';
import { ExportRegistry } from './export-registry';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Global()
@Module({
  controllers: [UsersController],
  providers: [UsersService, ExportRegistry],
  exports: [UsersService, ExportRegistry],
})
export class UsersModule {}
