'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { HindiInput } from '@/components/hindi-input';
import { FormMessage, type FormNotice } from '@/components/forms/form-message';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { authFetch, readDetail } from '@/lib/client/api';
import { readToken } from '@/lib/client/tokens';
import { allowedSlipsPerPage, ORIENTATIONS, PAGE_SIZES, type Orientation, type PageSize } from '@/lib/slips/layout-options';
import { FilePicker } from './file-picker';
import {
  BANNER_EXTENSIONS,
  canGenerate,
  CONNECT_FAILED,
  generateFormData,
  initialValues,
  isBannerFile,
  isVoterListFile,
  LOGIN_TO_GENERATE,
  START_FAILED,
  validationError,
  VOTER_LIST_EXTENSIONS,
  withLayout,
  type GeneratorValues,
} from './form-rules';

const PAGE_SIZE_LABELS: Record<PageSize, string> = { a4: 'A4', a3: 'A3', letter: 'Letter', legal: 'Legal' };
const ORIENTATION_LABELS: Record<Orientation, string> = { portrait: 'Portrait', landscape: 'Landscape' };

/** The answer of POST /api/documents/voter-slip-generator (SPEC §7). */
export interface StartedTask {
  id: number | string;
  task_id?: string;
}

interface GeneratorFormProps {
  /** Called after the server accepted the task (the task view takes over). */
  onStarted?: (task: StartedTask) => void;
}

/** The generator form (SPEC §2 Generator form, §5, §6, §8). */
export function GeneratorForm({ onStarted }: GeneratorFormProps) {
  const router = useRouter();
  const [values, setValues] = React.useState<GeneratorValues>(initialValues);
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const [submitting, setSubmitting] = React.useState(false);
  const ready = canGenerate(values);
  const perPageOptions = allowedSlipsPerPage(values.pageSize, values.orientation);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || submitting) return;
    setNotice(null);
    if (!readToken()) {
      if (window.confirm(LOGIN_TO_GENERATE)) router.push('/login');
      return;
    }
    const invalid = validationError(values);
    if (invalid) {
      setNotice({ kind: 'error', text: invalid });
      return;
    }
    setSubmitting(true);
    try {
      let res: Response;
      try {
        res = await authFetch('/api/documents/voter-slip-generator', { method: 'POST', body: generateFormData(values) });
      } catch {
        setNotice({ kind: 'error', text: CONNECT_FAILED });
        return;
      }
      if (!res.ok) {
        setNotice({ kind: 'error', text: await readDetail(res, START_FAILED) });
        return;
      }
      const task = (await res.json().catch(() => null)) as StartedTask | null;
      if (!task || (typeof task.id !== 'number' && typeof task.id !== 'string')) {
        setNotice({ kind: 'error', text: START_FAILED });
        return;
      }
      onStarted?.(task);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card className="w-full max-w-2xl gap-5 py-5 sm:gap-6 sm:py-6" data-testid="generator-card">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-xl sm:text-2xl">
          <h1>Voter Slip Generator</h1>
        </CardTitle>
        <CardDescription>Upload the voter list and a banner, choose the layout and enter the polling station address.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <form className="grid gap-5" onSubmit={submit} noValidate>
          <div className="grid gap-5 sm:grid-cols-2">
            <FilePicker
              id="voter-list"
              label="Voter List"
              accept={VOTER_LIST_EXTENSIONS.join(',')}
              isAccepted={isVoterListFile}
              file={values.voterList}
              onFile={(file) => setValues((v) => ({ ...v, voterList: file }))}
              hint="PDF or Excel (.pdf, .xls, .xlsx)"
            />
            <FilePicker
              id="banner"
              label="Banner"
              accept={BANNER_EXTENSIONS.join(',')}
              isAccepted={isBannerFile}
              file={values.banner}
              onFile={(file) => setValues((v) => ({ ...v, banner: file }))}
              hint="JPG or PNG image"
            />
          </div>

          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor="page-size">Page Size</Label>
              <Select value={values.pageSize} onValueChange={(pageSize) => setValues((v) => withLayout(v, { pageSize: pageSize as PageSize }))}>
                <SelectTrigger id="page-size" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PAGE_SIZES.map((size) => (
                    <SelectItem key={size} value={size}>
                      {PAGE_SIZE_LABELS[size]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="orientation">Orientation</Label>
              <Select
                value={values.orientation}
                onValueChange={(orientation) => setValues((v) => withLayout(v, { orientation: orientation as Orientation }))}
              >
                <SelectTrigger id="orientation" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ORIENTATIONS.map((o) => (
                    <SelectItem key={o} value={o}>
                      {ORIENTATION_LABELS[o]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="col-span-2 grid gap-2 sm:col-span-1">
              <Label htmlFor="slips-per-page">Slips per Page</Label>
              <Select
                value={String(values.slipsPerPage)}
                onValueChange={(n) => setValues((v) => ({ ...v, slipsPerPage: Number(n) }))}
              >
                <SelectTrigger id="slips-per-page" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {perPageOptions.map((n) => (
                    <SelectItem key={n} value={String(n)}>
                      {n}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-3">
            <Label htmlFor="print-photo" className="leading-snug">
              Print voter photos
            </Label>
            <Switch
              id="print-photo"
              checked={values.printPhoto}
              onCheckedChange={(printPhoto) => setValues((v) => ({ ...v, printPhoto }))}
            />
          </div>

          <div className="grid gap-2">
            <Label htmlFor="booth-address">Polling Station Address</Label>
            <HindiInput
              id="booth-address"
              multiline
              rows={2}
              value={values.boothAddress}
              onChange={(boothAddress) => setValues((v) => ({ ...v, boothAddress }))}
              placeholder="e.g. prathmik vidyalaya rampur, kaksha 2"
              aria-describedby="booth-address-hint"
              className="text-base md:text-base"
            />
            <p id="booth-address-hint" className="text-xs text-muted-foreground">
              Type in English letters and pick the Hindi spelling: space, enter or tab takes the highlighted one, escape keeps
              English.
            </p>
          </div>

          <FormMessage notice={notice} />

          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={!ready || submitting}>
            {submitting ? <LoaderCircleIcon className="animate-spin" /> : <SparklesIcon />}
            Generate Slips
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
