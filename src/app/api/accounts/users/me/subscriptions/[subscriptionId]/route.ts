import { route } from '@/server/http/route';
import { accountSubscriptions, subscriptionItem } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(subscriptionItem(accountSubscriptions));
