import { unknownPath } from '@/server/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPath();
