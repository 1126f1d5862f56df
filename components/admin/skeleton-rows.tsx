import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';

/** Placeholder rows shown while an admin table loads. */
export function SkeletonRows({ rows = 3, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <TableRow key={`skeleton-${i}`}>
          {Array.from({ length: columns }, (__, j) => (
            <TableCell key={j} className={j === 0 ? 'pl-4' : undefined}>
              <Skeleton className="h-4 w-full min-w-8" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
