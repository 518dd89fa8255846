import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { RateLimiter } from './rate-limiter';

@Global()
@Module({ providers: [Clock, RateLimiter], exports: [Clock, RateLimiter] })
export class CommonModule {}
