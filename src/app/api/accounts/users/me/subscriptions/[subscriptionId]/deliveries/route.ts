import { route } from '@/server/http/route';
import { accountSubscriptions, deliveryLog } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deliveryLog(accountSubscriptions));
