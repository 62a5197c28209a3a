'use client';
import { useEffect } from 'react';
import { endDeviceSession } from '@/lib/offline/device-store';

/**
 * On the sign-in page, which shows only without a session: a session that ended without the Sign-out button (expired,
 * ended elsewhere) ends on the device too — the copies and the code kit go before anyone signs in (issue 32 item 4).
 */
export function DeviceSessionEnded({ renderedAt }: { renderedAt: number }) {
  useEffect(() => {
    void endDeviceSession(renderedAt).catch(() => undefined);
  }, [renderedAt]);
  return null;
}
