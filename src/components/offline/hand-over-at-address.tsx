'use client';
import { usePathname } from 'next/navigation';
import { HandOver } from '@/components/tablet/hand-over';

/**
 * The hand-over screen for the document the address names. Offline, the service worker may answer /tablet/<id> with
 * the page it kept for another document (every hand-over page is the same shell): the address, not the server's
 * props of that kept page, says which document to show.
 */
export function HandOverAtAddress({ freightDocumentId }: { freightDocumentId: string }) {
  const pathname = usePathname();
  const segment = /^\/tablet\/([^/]+)\/?$/.exec(pathname ?? '')?.[1];
  return <HandOver freightDocumentId={segment ? decodeURIComponent(segment) : freightDocumentId} />;
}
