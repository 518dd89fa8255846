import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { ClusterEvents } from './cluster/cluster-events';
import { RateLimitService } from './rate-limit/rate-limit.service';

@Global()
@Module({
  providers: [Clock, RateLimitService, ClusterEvents],
  exports: [Clock, RateLimitService, ClusterEvents],
})
export class CommonModule {}
