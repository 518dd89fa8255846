import { api } from '../../app/api';

export interface Health {
  status: 'ok' | 'error';
  database?: 'ok' | 'down';
  /** Present when the API keeps its rate limits in Redis. */
  redis?: 'ok' | 'down';
  /** Present when uploads go to S3 object storage. */
  storage?: 'ok' | 'down';
  version?: string;
  uptime?: number;
}

export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHealth: build.query<Health, void>({
      query: () => '/api/health/',
    }),
  }),
});

export const { useGetHealthQuery } = healthApi;
