import { route } from '@/server/http/route';
import { documentSubscriptions, deliveryLog } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deliveryLog(documentSubscriptions));
