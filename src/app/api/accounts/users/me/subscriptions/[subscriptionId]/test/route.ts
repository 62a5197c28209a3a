import { route } from '@/server/http/route';
import { accountSubscriptions, testEvent } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(testEvent(accountSubscriptions));
