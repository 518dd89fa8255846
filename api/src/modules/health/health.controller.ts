import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { AnswerException } from '../../common/answer-exception';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/database-unavailable';
import { Public } from '../../common/decorators';
import { type HealthReport, HealthService, type LivenessReport } from './health.service';

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
  /** Readiness: 200 only when every dependency the instance needs answers (docs/deployment.md). */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      '{ status, database, redis?, storage?, version, uptime }: redis when REDIS_URL is set, storage when uploads go to S3',
  })
  @ApiServiceUnavailableResponse({ description: 'The database, Redis or object storage is down' })
  get(): HealthReport | Promise<HealthReport> {
    const report = this.health.check();
    return report instanceof Promise ? report.then(answer) : answer(report);
  }

  /** Liveness: the process is up and serving HTTP; never looks at a dependency. */
  @Public()
  @Get('live')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{ status: "ok", version, uptime }' })
  live(): LivenessReport {
    return this.health.liveness();
  }
}
