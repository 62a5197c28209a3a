import { route } from '@/server/http/route';
import { accountSubscriptions, redelivery } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(redelivery(accountSubscriptions));
