import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/database-unavailable';
import { Public } from '../../common/decorators';
import { type HealthReport, HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiOkResponse({ description: '{ status, database, version, uptime }' })
  @ApiServiceUnavailableResponse({ description: 'The database is down' })
  get(@Res({ passthrough: true }) reply: FastifyReply): HealthReport | Promise<HealthReport> {
    // Not async: when the ping ran at once the report goes back as it is (no promise to settle).
    const report = this.health.check();
    return report instanceof Promise ? report.then((r) => this.answer(reply, r)) : this.answer(reply, report);
  }

  private answer(reply: FastifyReply, report: HealthReport): HealthReport {
    void reply.header('Cache-Control', 'no-store');
    if (report.status !== 'ok')
      void reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return report;
  }
}
