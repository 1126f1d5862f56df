import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

export interface FormNotice {
  kind: 'error' | 'success';
  text: string;
}

/** Shows a form's outcome (error or success) as an alert box; nothing when there is no notice. */
export function FormMessage({ notice }: { notice: FormNotice | null }) {
  if (!notice) return null;
  const error = notice.kind === 'error';
  return (
    <Alert variant={error ? 'destructive' : 'success'} data-testid={error ? 'form-error' : 'form-success'}>
      {error ? <CircleAlertIcon /> : <CircleCheckIcon />}
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  );
}
