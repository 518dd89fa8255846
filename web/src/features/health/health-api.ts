import { api } from '../../app/api';

export interface Health {
  status: 'ok' | 'error';
  database?: 'ok' | 'down';
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
