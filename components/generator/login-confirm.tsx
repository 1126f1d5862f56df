'use client';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** SPEC §6: the "you need to be logged in" question, asked in the app's own dialog instead of confirm(). */
export function LoginConfirm({
  question,
  open,
  onAnswer,
}: {
  question: string;
  open: boolean;
  onAnswer(login: boolean): void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <AlertDialogContent data-testid="login-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>Log in required</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => onAnswer(false)}>Not now</AlertDialogCancel>
          <AlertDialogAction onClick={() => onAnswer(true)}>Log in</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
