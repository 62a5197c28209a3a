import { route } from '@/server/http/route';
import { documentSubscriptions, testEvent } from '@/server/http/subscription-endpoints';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(testEvent(documentSubscriptions));
