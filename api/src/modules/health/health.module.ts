import { Module } from '@nestjs/common';
import { HealthService } from './health.service';

/** HealthService; its two routes are registered on Fastify by bootstrap (health.routes.ts). */
@Module({ providers: [HealthService], exports: [HealthService] })
export class HealthModule {}
