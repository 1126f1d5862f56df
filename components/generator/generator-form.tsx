'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SparklesIcon, XIcon } from 'lucide-react';
import { useConfirm } from '@/components/dialogs/app-dialogs';
import { TransliterationInput } from '@/components/transliteration-input';
import { ScriptChooser } from '@/components/script-chooser';
import { FormMessage, type FormNotice } from '@/components/forms/form-message';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { getPricing, startDocument, type Pricing } from '@/lib/client/documents';
import { uploadResumable, UploadRefusedError } from '@/lib/client/resumable-upload';
import { keepForm, takeKeptForm } from '@/lib/client/kept-form';
import { currentPath, loginHref } from '@/lib/client/return-to';
import { readToken } from '@/lib/client/tokens';
import {
  BANNER_EXTENSIONS,
  BANNER_TYPE_ERROR,
  isBannerName,
  VOTER_LIST_EXTENSIONS,
  VOTER_LIST_TYPE_ERROR,
} from '@/lib/documents/upload-rules';
import { SCRIPT_LANGUAGE_NAMES, type ScriptLanguage } from '@/lib/transliterate/scripts';
import { allowedSlipsPerPage, isRollSize, ORIENTATIONS, PAGE_SIZE_LABELS, PAGE_SIZES, ROLL_SLIPS_PER_CHARGED_PAGE, type Orientation, type PageSize } from '@/lib/slips/layout-options';
import { FilePicker } from './file-picker';
import { PricingNote } from './pricing-note';
import { ProgressLine } from './task-frame';
import {
  bannerLimitMb,
  canGenerate,
  formatSize,
  GENERATOR_FIELDS,
  generateFormData,
  generatorSchema,
  initialValues,
  isListOrZipName,
  listsProblem,
  LOGIN_TO_GENERATE,
  tooLargeError,
  withLayout,
  type GeneratorValues,
} from './form-rules';

const ORIENTATION_LABELS: Record<Orientation, string> = { portrait: 'Portrait', landscape: 'Landscape' };

/** The answer of POST /api/documents/voter-slip-generator. */
export interface StartedTask {
  id: number | string;
  task_id?: string;
}

interface GeneratorFormProps {
  /** Called after the server accepted the task (the task view takes over). */
  onStarted?: (task: StartedTask, choices: GeneratorValues) => void;
  /** Choices to start from (a cancelled task's, kept by the page), and what to say about them. */
  kept?: { choices: GeneratorValues; notice: FormNotice } | null;
}

/** IndexedDB key of the values kept while a visitor logs in (asked on Generate Slips). */
const KEPT_FORM = 'voter-slip-generator';

/** One file going up: its bytes sent of its size. */
interface FileProgress {
  name: string;
  loaded: number;
  total: number;
}

interface Upload {
  files: FileProgress[];
  /** The file going up now (its index), or null once all are up and the task is being started. */
  current: number | null;
  abort: AbortController;
}

/** The browser's word on the network while the files go up (an upload waits out an offline spell and goes on). */
function useOnline(): boolean {
  const [online, setOnline] = React.useState(true);
  React.useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The first problem in the order the form shows its fields. */
function firstProblem(errors: FieldErrors<GeneratorValues>): string | null {
  for (const name of GENERATOR_FIELDS) {
    const message = errors[name]?.message;
    if (message) return message;
  }
  return null;
}

/**
 * The generator form: the voter list and banner, the layout, photos and the polling-station address, with
 * upload progress while the files go up. A visitor is asked to log in first, and the choices are kept
 * for after the login.
 */
export function GeneratorForm({ onStarted, kept }: GeneratorFormProps) {
  const router = useRouter();
  const [notice, setNotice] = React.useState<FormNotice | null>(kept?.notice ?? null);
  const [upload, setUpload] = React.useState<Upload | null>(null);
  const confirm = useConfirm();
  const online = useOnline();
  const [pricing, setPricing] = React.useState<Pricing | null | undefined>(undefined);
  const maxMb = pricing?.max_upload_mb ?? null;
  const taskMb = pricing?.max_task_mb ?? null;
  const taskFiles = pricing?.max_task_files ?? null;
  const schema = React.useMemo(() => generatorSchema(maxMb, { taskMb, taskFiles }), [maxMb, taskMb, taskFiles]);
  // The form's one message box shows what is wrong, so no field is focused or marked.
  const form = useForm<GeneratorValues>({ resolver: zodResolver(schema), defaultValues: kept?.choices ?? initialValues(), shouldFocusError: false });
  const values = form.watch();
  const ready = canGenerate(values);
  const perPageOptions = allowedSlipsPerPage(values.pageSize, values.orientation);
  const addressLang = values.addressLang;
  const setAddressLang = (lang: ScriptLanguage) => form.setValue('addressLang', lang);

  React.useEffect(() => {
    let live = true;
    void getPricing().then((p) => live && setPricing(p));
    // Choices kept before a trip to the login page come back here once.
    void takeKeptForm<GeneratorValues>(KEPT_FORM).then((kept) => {
      if (!live || !kept) return;
      form.reset({ ...initialValues(), ...kept });
      setNotice({ kind: 'success', text: 'Your choices from before you logged in are kept.' });
    });
    return () => {
      live = false;
    };
  }, [form]);

  /** Voter lists chosen or dropped: they join the ones held, unless that breaks a limit (then nothing changes and the form says why). */
  function pickLists(files: File[]) {
    const next = [...form.getValues('voterLists'), ...files];
    const limits = { maxMb, taskMb, taskFiles };
    // the files just chosen are judged first, then with the ones held
    const problem = listsProblem(files, limits) ?? listsProblem(next, limits);
    if (problem) {
      setNotice({ kind: 'error', text: problem });
      return;
    }
    setNotice(null);
    form.setValue('voterLists', next);
  }

  function removeList(index: number) {
    form.setValue(
      'voterLists',
      form.getValues('voterLists').filter((_, i) => i !== index),
    );
  }

  /** A banner of the right type: kept unless it is over its limit. */
  function pickBanner(file: File) {
    const tooLarge = tooLargeError('Banner', file, bannerLimitMb(maxMb));
    if (tooLarge) {
      setNotice({ kind: 'error', text: tooLarge });
      return;
    }
    setNotice(null);
    form.setValue('banner', file);
  }

  /** A file of the wrong type is ignored; when no valid file is there either, the type error is shown. */
  function reject(field: 'voterLists' | 'banner') {
    if (field === 'voterLists' ? form.getValues('voterLists').length > 0 : form.getValues('banner')) return;
    setNotice({ kind: 'error', text: field === 'voterLists' ? VOTER_LIST_TYPE_ERROR : BANNER_TYPE_ERROR });
  }

  /** A new page size or orientation keeps slips per page where the layout allows it. */
  function changeLayout(change: { pageSize?: PageSize; orientation?: Orientation }) {
    const next = withLayout(form.getValues(), change);
    form.setValue('pageSize', next.pageSize);
    form.setValue('orientation', next.orientation);
    form.setValue('slipsPerPage', next.slipsPerPage);
  }

  /** Asked in the app's dialog; on agreement the choices are kept for after the login. */
  async function loginFirst() {
    if (!(await confirm(LOGIN_TO_GENERATE, { title: 'Log in required', confirmLabel: 'Log in', cancelLabel: 'Not now' }))) return;
    await keepForm(KEPT_FORM, form.getValues());
    router.push(loginHref(currentPath()));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || upload) return;
    setNotice(null);
    if (!readToken()) {
      await loginFirst();
      return;
    }
    await form.handleSubmit(send, (errors) => setNotice({ kind: 'error', text: firstProblem(errors) ?? 'Please check the form.' }))();
  }

  /**
   * Each file goes up as a resumable upload, one after another (a dropped connection or an offline spell
   * resumes where it stopped, by itself), then the task is started naming them.
   */
  async function send(checked: GeneratorValues) {
    if (!checked.banner) return;
    const abort = new AbortController();
    const files: { file: File; kind: 'voter_list' | 'banner' }[] = [...checked.voterLists.map((file) => ({ file, kind: 'voter_list' as const })), { file: checked.banner, kind: 'banner' }];
    setUpload({ files: files.map(({ file }) => ({ name: file.name, loaded: 0, total: file.size })), current: 0, abort });
    const progress = (index: number, loaded: number) =>
      setUpload((u) => (u ? { ...u, current: index, files: u.files.map((f, i) => (i === index ? { ...f, loaded } : f)) } : u));
    try {
      const ids: string[] = [];
      for (const [index, { file, kind }] of files.entries()) {
        progress(index, 0);
        const { uploadId } = await uploadResumable(file, { kind, signal: abort.signal, onProgress: (sent) => progress(index, sent) });
        ids.push(uploadId);
      }
      setUpload((u) => (u ? { ...u, current: null } : u));
      const result = await startDocument(generateFormData(checked, { lists: ids.slice(0, -1), banner: ids[ids.length - 1] }), { signal: abort.signal });
      if (!result.ok) {
        setNotice({ kind: 'error', text: result.error });
        return;
      }
      onStarted?.(result.value, checked);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') setNotice({ kind: 'error', text: 'Upload cancelled.' });
      else if (error instanceof UploadRefusedError) setNotice({ kind: 'error', text: error.message });
      else throw error;
    } finally {
      setUpload(null);
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
      <CardContent className="min-w-0 px-4 sm:px-6">
        <PricingNote pricing={pricing} />
        <form className="grid min-w-0 gap-5" onSubmit={submit} noValidate>
          <fieldset disabled={upload !== null} className="contents">
            <div className="grid min-w-0 gap-5 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="voterLists"
                render={({ field }) => (
                  <FilePicker
                    id="voter-list"
                    label="Voter List"
                    accept={[...VOTER_LIST_EXTENSIONS, '.zip'].join(',')}
                    isAccepted={isListOrZipName}
                    files={field.value}
                    multiple
                    onFiles={pickLists}
                    onRemove={removeList}
                    onReject={() => reject('voterLists')}
                    hint={`PDF roll, Excel or CSV list (.pdf, .xls, .xlsx, .csv)${maxMb ? `, up to ${maxMb} MB` : ''}. Several at once, or a ZIP of them, for many parts in one task.`}
                    disabled={upload !== null}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="banner"
                render={({ field }) => (
                  <FilePicker
                    id="banner"
                    label="Banner"
                    accept={BANNER_EXTENSIONS.join(',')}
                    isAccepted={isBannerName}
                    files={field.value ? [field.value] : []}
                    onFiles={(files) => pickBanner(files[0])}
                    onReject={() => reject('banner')}
                    hint={`JPG or PNG image (.jpg, .jpeg, .png), up to ${bannerLimitMb(maxMb)} MB`}
                    disabled={upload !== null}
                  />
                )}
              />
            </div>

            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor="page-size">Page Size</Label>
                <Controller
                  control={form.control}
                  name="pageSize"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={(pageSize) => changeLayout({ pageSize: pageSize as PageSize })}>
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
                  )}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="orientation">Orientation</Label>
                <Controller
                  control={form.control}
                  name="orientation"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={(orientation) => changeLayout({ orientation: orientation as Orientation })} disabled={isRollSize(values.pageSize)}>
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
                  )}
                />
              </div>
              <div className="col-span-2 grid gap-2 sm:col-span-1">
                <Label htmlFor="slips-per-page">Slips per Page</Label>
                <Controller
                  control={form.control}
                  name="slipsPerPage"
                  render={({ field }) => (
                    <Select value={String(field.value)} onValueChange={(n) => field.onChange(Number(n))}>
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
                  )}
                />
              </div>
            </div>

            {isRollSize(values.pageSize) && (
              <p className="-mt-2 text-sm text-muted-foreground" data-testid="roll-note">
                One slip per label on a {values.pageSize === 'roll58' ? '58' : '80'} mm thermal printer roll. Hindi and every other Indian
                script print correctly: the letters are already shaped in the PDF, so the printer needs no font of its own. Every{' '}
                {ROLL_SLIPS_PER_CHARGED_PAGE} labels cost one page.
              </p>
            )}

            <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-3">
              <Label htmlFor="print-photo" className="leading-snug">
                Print voter photos
              </Label>
              <Controller
                control={form.control}
                name="printPhoto"
                render={({ field }) => <Switch id="print-photo" checked={field.value} onCheckedChange={field.onChange} />}
              />
            </div>

            <div className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Label htmlFor="booth-address">Polling Station Address</Label>
                <ScriptChooser id="booth-address-script" value={addressLang} onChange={setAddressLang} controls="booth-address" />
              </div>
              <Controller
                control={form.control}
                name="boothAddress"
                render={({ field }) => (
                  <TransliterationInput
                    id="booth-address"
                    multiline
                    rows={2}
                    lang={addressLang}
                    value={field.value}
                    onChange={field.onChange}
                    placeholder="e.g. prathmik vidyalaya rampur, kaksha 2"
                    aria-describedby="booth-address-hint"
                    className="text-base md:text-base"
                  />
                )}
              />
              <p id="booth-address-hint" className="text-xs text-muted-foreground">
                Type in English letters and pick the {SCRIPT_LANGUAGE_NAMES[addressLang]} spelling: space, enter or tab takes the
                highlighted one, escape keeps English.
              </p>
            </div>

          </fieldset>

          <FormMessage notice={notice} />

          {upload ? (
            <div className="grid gap-3 rounded-md border p-3" data-testid="upload-progress">
              <UploadProgressLines upload={upload} online={online} />
              <Button type="button" variant="outline" className="justify-self-start" onClick={() => upload.abort.abort()}>
                <XIcon /> Cancel upload
              </Button>
            </div>
          ) : (
            <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={!ready}>
              <SparklesIcon />
              Generate Slips
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * The upload's progress: the whole (bytes of all files), the file going up now, and with several files a
 * line per file; while the browser is offline, that the upload waits and goes on by itself.
 */
function UploadProgressLines({ upload, online }: { upload: Upload; online: boolean }) {
  const total = upload.files.reduce((n, f) => n + f.total, 0);
  const loaded = upload.files.reduce((n, f) => n + Math.min(f.loaded, f.total), 0);
  const current = upload.current === null ? null : upload.files[upload.current];
  const message =
    upload.current === null
      ? 'Upload finished, starting the task…'
      : upload.files.length > 2
        ? `Uploading ${current?.name} (file ${upload.current + 1} of ${upload.files.length}) · ${formatSize(loaded)} of ${formatSize(total)}…`
        : `Uploading ${formatSize(loaded)} of ${formatSize(total)}…`;
  return (
    <>
      <ProgressLine value={total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0} message={message} label="Upload progress" />
      {!online && (
        <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm" role="status" data-testid="upload-offline">
          The connection is lost. The upload waits and goes on from where it stopped when you are back online; keep this page open.
        </p>
      )}
      {upload.files.length > 2 && (
        <ul className="grid max-h-40 gap-1 overflow-y-auto text-xs" data-testid="upload-files" aria-label="Files">
          {upload.files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 tabular-nums text-muted-foreground" data-testid="upload-file-state">
                {file.loaded >= file.total ? 'sent' : index === upload.current ? `${Math.round((file.loaded / Math.max(1, file.total)) * 100)}%` : 'waiting'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
