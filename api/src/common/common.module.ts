import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { ClusterEvents } from './cluster/cluster-events';
import { DrainState } from './drain';
import { RateLimitService } from './rate-limit/rate-limit.service';

@Global()
@Module({
  providers: [Clock, RateLimitService, ClusterEvents, DrainState],
  exports: [Clock, RateLimitService, ClusterEvents, DrainState],
})
export class CommonModule {}
