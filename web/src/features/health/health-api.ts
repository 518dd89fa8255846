import { api } from '../../app/api';
import type { Schemas } from '../../app/api-types';

/** The readiness report (`GET /api/health/`); a 503 carries it too. */
export type Health = Schemas['HealthReport'];

export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHealth: build.query<Health, void>({
      query: () => '/api/health/',
    }),
  }),
});

export const { useGetHealthQuery } = healthApi;
