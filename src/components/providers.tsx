'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { SessionProvider } from 'next-auth/react';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/trpc/router';
import { TRPCProvider } from '@/lib/trpc/client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  // maxItems: the server refuses batches larger than TRPC_MAX_BATCH_SIZE (src/server/trpc/handler.ts).
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', maxItems: 10 })] }));
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
