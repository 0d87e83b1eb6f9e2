import { z } from 'zod';
import { dashboardQuery, dashboardSchema } from '../dashboard.js';
import { endpoint } from './endpoint.js';

export const dashboard = {
  widgets: endpoint({
    method: 'GET',
    path: '/api/dashboard',
    access: { permission: 'dashboard.read' },
    summary: 'Every dashboard widget for a period, from the rollups',
    description:
      "Orders, earnings, on-time delivery (overall and per restaurant) with the late orders' minutes by stage, top categories and products, drivers by vehicle type and the order heat map for a period (today … this year, or a custom from/to), computed in the operation's time zone. Restaurant staff get their restaurant's figures.",
    tags: ['dashboard'],
    query: dashboardQuery,
    answer: { 200: z.object({ data: dashboardSchema }) },
  }),
};
