import { route } from '@/server/http/route';
import { documentSubscriptions, subscriptionCollection } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(subscriptionCollection(documentSubscriptions));
