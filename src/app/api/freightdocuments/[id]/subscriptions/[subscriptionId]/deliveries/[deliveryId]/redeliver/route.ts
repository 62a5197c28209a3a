import { route } from '@/server/http/route';
import { documentSubscriptions, redelivery } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(redelivery(documentSubscriptions));
