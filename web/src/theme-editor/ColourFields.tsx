import { useWatch, type Control, type UseFormRegister, type UseFormSetValue, type FieldErrors } from 'react-hook-form';
import type { Theme } from '@shared/theme-model.js';
// The landing page's own list of colour keys: THEME_COLOUR_FIELDS would be added to its bundle.
import { THEME_COLOUR_KEYS, type ThemeColourKey } from '../theme/colourKeys.js';
import { Field } from '../ui/Field.js';
import { AA_NORMAL_TEXT, contrastProblems, formatRatio, type ContrastProblem } from './contrast.js';
import { pickerValue, type ThemeFormValues } from './themeForm.js';

/** The label of each colour field, in the order SPEC §3 lists them. */
export const COLOUR_LABELS: Record<ThemeColourKey, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  accentColor: 'Accent colour',
  backgroundColor: 'Background colour',
  outerBackgroundColor: 'Outer background colour',
  textColor: 'Text colour',
  headerColor: 'Heading colour',
  navbarColor: 'Navbar colour',
  navbarTextColor: 'Navbar text colour',
  footerColor: 'Footer colour',
  footerTextColor: 'Footer text colour',
  buttonColor: 'Button colour',
  buttonTextColor: 'Button text colour',
  linkColor: 'Link colour',
  borderColor: 'Border colour',
};

/** The warning shown next to a pair's text colour. */
export function contrastWarning(problem: ContrastProblem): string {
  return `Low contrast: ${problem.label.toLowerCase()} is ${formatRatio(problem.ratio)}, below the ${AA_NORMAL_TEXT}:1 that WCAG AA asks for readable text.`;
}

interface Props {
  control: Control<ThemeFormValues, unknown, Theme>;
  register: UseFormRegister<ThemeFormValues>;
  setValue: UseFormSetValue<ThemeFormValues>;
  errors: FieldErrors<ThemeFormValues>;
}

/**
 * Every colour of the theme: a native colour picker and the hex text kept in sync (the text is
 * the value the schema validates; the picker writes #rrggbb into it), and a contrast warning
 * next to each text colour whose pair fails WCAG AA.
 */
export function ColourFields({ control, register, setValue, errors }: Props) {
  const values = useWatch({ control, name: [...THEME_COLOUR_KEYS] });
  const colours = Object.fromEntries(THEME_COLOUR_KEYS.map((field, i) => [field, values[i]])) as Record<ThemeColourKey, string>;
  const problems = contrastProblems(colours);

  return (
    <div className="theme-colours">
      {THEME_COLOUR_KEYS.map((field) => {
        const picker = pickerValue(colours[field] ?? '');
        const warnings = problems.filter((problem) => problem.text === field || problem.background === field);
        return (
          <div key={field} className="theme-colour">
            <div className="theme-colour-row">
              <input
                type="color"
                className="theme-colour-picker"
                aria-label={`${COLOUR_LABELS[field]} picker`}
                value={picker ?? '#000000'}
                onChange={(event) => setValue(field, event.target.value, { shouldDirty: true, shouldValidate: true })}
              />
              <Field label={COLOUR_LABELS[field]} error={errors[field]?.message}>
                <input type="text" autoCapitalize="none" spellCheck={false} maxLength={9} placeholder="#rrggbb" {...register(field)} />
              </Field>
            </div>
            {warnings
              .filter((problem) => problem.text === field)
              .map((problem) => (
                <p key={problem.label} className="theme-contrast-warning" data-pair={`${problem.text}/${problem.background}`}>
                  {contrastWarning(problem)}
                </p>
              ))}
          </div>
        );
      })}
    </div>
  );
}
