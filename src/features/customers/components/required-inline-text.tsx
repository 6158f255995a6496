// The shared InlineEdit for a text value that must not be blank, with the field's own message
// (spec 01 §5) instead of the generic one: pressing Enter on an
// empty value shows `requiredMessage`; the save button is already disabled when empty and leaving
// the field cancels. Everything else is InlineEdit's behaviour.
import { useState } from 'react';
import { InlineEdit, type InlineTextProps } from '../../../components/ui/inline-edit.tsx';

export function RequiredInlineText({ requiredMessage, ...props }: InlineTextProps & { requiredMessage: string }) {
  const [showRequired, setShowRequired] = useState(false);
  return (
    <div
      className="inline-flex flex-col gap-1"
      onKeyDownCapture={(event) => {
        const target = event.target;
        if (event.key === 'Enter' && target instanceof HTMLInputElement && target.value.trim() === '') {
          event.preventDefault();
          event.stopPropagation();
          setShowRequired(true);
        } else if (showRequired) {
          // Any other key (typing, Enter on a value, Escape) hides the message. Done on keydown, not
          // on input: a state change during the input event would reset the controlled field.
          setShowRequired(false);
        }
      }}
      onBlurCapture={() => setShowRequired(false)}
    >
      <InlineEdit {...props} />
      {showRequired ? (
        <span role="alert" className="text-xs text-red-700">
          {requiredMessage}
        </span>
      ) : null}
    </div>
  );
}
