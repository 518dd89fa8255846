import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { AnswerException } from '../../common/answer-exception';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/database-unavailable';
import { Public } from '../../common/decorators';
import { type HealthReport, HealthService } from './health.service';

/** The report as the answer: 200 when everything is up, else 503 with Retry-After. */
function answer(report: HealthReport): HealthReport {
  if (report.status !== 'ok') throw new AnswerException({ ...report }, 503, DATABASE_RETRY_AFTER_SECONDS);
  return report;
}

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  // No parameters (no @Res() for the 503: AnswerException) and not async: when the ping ran at
  // once the report goes back as it is, with no pipes to run and no promise to settle.
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{ status, database, version, uptime }' })
  @ApiServiceUnavailableResponse({ description: 'The database is down' })
  get(): HealthReport | Promise<HealthReport> {
    const report = this.health.check();
    return report instanceof Promise ? report.then(answer) : answer(report);
  }
}
