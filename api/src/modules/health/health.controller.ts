import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/database-unavailable';
import { Public } from '../../common/decorators';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOkResponse({ description: '{ status, database, version, uptime }' })
  @ApiServiceUnavailableResponse({ description: 'The database is down' })
  async get(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.check();
    void reply.header('Cache-Control', 'no-store');
    if (report.status !== 'ok')
      void reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return report;
  }
}
