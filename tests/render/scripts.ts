/** A polling-station address in each script slips print (invented, public-building wording). */
export const SCRIPT_SAMPLES = {
  Devanagari: 'राजकीय प्राथमिक विद्यालय, कक्ष 2, जयपुर',
  Gujarati: 'સરકારી પ્રાથમિક શાળા (નવું મકાન), તાઈવાડ, દેવકા',
  Bengali: 'সরকারি প্রাথমিক বিদ্যালয়, কক্ষ ২, কলকাতা',
  Gurmukhi: 'ਸਰਕਾਰੀ ਪ੍ਰਾਇਮਰੀ ਸਕੂਲ, ਕਮਰਾ 2, ਅੰਮ੍ਰਿਤਸਰ',
  Odia: 'ସରକାରୀ ପ୍ରାଥମିକ ବିଦ୍ୟାଳୟ, କକ୍ଷ ୨, ଭୁବନେଶ୍ୱର',
  Tamil: 'அரசு தொடக்கப் பள்ளி, அறை 2, சென்னை',
  Telugu: 'ప్రభుత్వ ప్రాథమిక పాఠశాల, గది 2, హైదరాబాద్',
  Kannada: 'ಸರ್ಕಾರಿ ಪ್ರಾಥಮಿಕ ಶಾಲೆ, ಕೊಠಡಿ 2, ಬಳ್ಳಾರಿ',
  Malayalam: 'സർക്കാർ പ്രൈമറി സ്കൂൾ, മുറി 2, തിരുവനന്തപുരം',
} as const;

/** The PDF font each sample is drawn in. */
export const SCRIPT_FONTS: Record<keyof typeof SCRIPT_SAMPLES, string> = {
  Devanagari: 'NotoSansDevanagari-Regular',
  Gujarati: 'NotoSansGujarati-Regular',
  Bengali: 'NotoSansBengali-Regular',
  Gurmukhi: 'NotoSansGurmukhi-Regular',
  Odia: 'NotoSansOriya-Regular',
  Tamil: 'NotoSansTamil-Regular',
  Telugu: 'NotoSansTelugu-Regular',
  Kannada: 'NotoSansKannada-Regular',
  Malayalam: 'NotoSansMalayalam-Regular',
};

/** Urdu (Arabic script): no slip font has it. */
export const URDU_ADDRESS = 'سرکاری اسکول، کمرہ 2';
