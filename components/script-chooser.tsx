'use client';

import { cn } from '@/lib/utils';
import { SCRIPT_LANGUAGE_NAMES, SCRIPT_LANGUAGES, isScriptLanguage, type ScriptLanguage } from '@/lib/transliterate/scripts';

/** Each language's own name, shown beside the English one. */
const OWN_NAMES: Record<ScriptLanguage, string> = {
  hi: 'हिन्दी',
  mr: 'मराठी',
  gu: 'ગુજરાતી',
  bn: 'বাংলা',
  pa: 'ਪੰਜਾਬੀ',
  or: 'ଓଡ଼ିଆ',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  kn: 'ಕನ್ನಡ',
  ml: 'മലയാളം',
};

export interface ScriptChooserProps {
  id: string;
  value: ScriptLanguage;
  onChange: (lang: ScriptLanguage) => void;
  /** The field whose suggestions it chooses (for the accessible description). */
  controls?: string;
  className?: string;
  disabled?: boolean;
}

/**
 * The small chooser beside an address field: the language (script) its suggestions are spelt in. A
 * native select, so that phones show their own picker.
 */
export function ScriptChooser({ id, value, onChange, controls, className, disabled }: ScriptChooserProps) {
  return (
    <select
      id={id}
      aria-label="Suggestions in"
      aria-controls={controls}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        if (isScriptLanguage(e.target.value)) onChange(e.target.value);
      }}
      className={cn(
        'h-8 max-w-44 min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30',
        className,
      )}
    >
      {SCRIPT_LANGUAGES.map((lang) => (
        <option key={lang} value={lang}>
          {SCRIPT_LANGUAGE_NAMES[lang]} · {OWN_NAMES[lang]}
        </option>
      ))}
    </select>
  );
}
