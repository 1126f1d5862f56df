/**
 * Malayalam words of addresses and place names (districts and towns of Kerala), one per line, roughly
 * most useful first, each with the typed spellings its romanisation does not give. Written for this
 * project from public knowledge of the place names; not the evaluation set.
 */
export const MALAYALAM_LEXICON = `
# institutions and buildings
സ്കൂൾ school skool
വിദ്യാലയം vidyalayam
സർക്കാർ sarkar
ഹയർ higher
സെക്കൻഡറി secondary
പഞ്ചായത്ത് panchayath panchayat
ഗ്രാമം gramam
വാർഡ് ward
മുറി muri
നമ്പർ number nambar
റോഡ് road
ക്ഷേത്രം kshethram kshetram
പള്ളി palli pally
അങ്കണവാടി anganwadi anganavadi
കേന്ദ്രം kendram
ജില്ല jilla
താലൂക്ക് taluk thaluk
# places
തിരുവനന്തപുരം thiruvananthapuram trivandrum
കൊല്ലം kollam quilon
പത്തനംതിട്ട pathanamthitta
ആലപ്പുഴ alappuzha alleppey
കോട്ടയം kottayam
ഇടുക്കി idukki
എറണാകുളം ernakulam
കൊച്ചി kochi cochin
തൃശ്ശൂർ thrissur trichur
പാലക്കാട് palakkad palghat
മലപ്പുറം malappuram
കോഴിക്കോട് kozhikode calicut
വയനാട് wayanad
കണ്ണൂർ kannur cannanore
കാസർഗോഡ് kasaragod kasargod
ആലുവ aluva alwaye
അങ്കമാലി angamaly angamali
പെരുമ്പാവൂർ perumbavoor
മൂവാറ്റുപുഴ muvattupuzha
തൊടുപുഴ thodupuzha
ചങ്ങനാശ്ശേരി changanassery
തിരുവല്ല thiruvalla
കായംകുളം kayamkulam
ചേർത്തല cherthala
കരുനാഗപ്പള്ളി karunagappally
നെയ്യാറ്റിൻകര neyyattinkara
ആറ്റിങ്ങൽ attingal
വർക്കല varkala
പുനലൂർ punalur
അടൂർ adoor
ഗുരുവായൂർ guruvayur
ചാലക്കുടി chalakudy
കൊടുങ്ങല്ലൂർ kodungallur
ഇരിങ്ങാലക്കുട irinjalakuda
ഒറ്റപ്പാലം ottapalam
ഷൊർണൂർ shoranur shornur
പെരിന്തൽമണ്ണ perinthalmanna
മഞ്ചേരി manjeri
തിരൂർ tirur
പൊന്നാനി ponnani
വടകര vadakara
തലശ്ശേരി thalassery tellicherry
പയ്യന്നൂർ payyanur
കാഞ്ഞങ്ങാട് kanhangad
മാനന്തവാടി mananthavady
# common names and words that begin place names
രാമ rama ram
കൃഷ്ണ krishna
ഗോപാല gopala gopal
ശിവ siva shiva
ഹനുമാൻ hanuman
സീത sita
ലക്ഷ്മി lakshmi
നാരായണ narayana
രാധ radha
ഗണേശ ganesha ganesh
മഹാദേവ mahadeva
ശ്രീ sri shri
ദേവ deva dev
ദുർഗ്ഗ durga
വിഷ്ണു vishnu
ഗംഗ ganga
# more towns
കാട്ടാക്കട kattakada
പാറശ്ശാല parassala parassala
ചടയമംഗലം chadayamangalam
കുന്നത്തൂർ kunnathur
കോന്നി konni
മല്ലപ്പള്ളി mallappally
ചെങ്ങന്നൂർ chengannur
മീനച്ചിൽ meenachil
കാഞ്ഞിരപ്പള്ളി kanjirappally
ഉടുമ്പൻചോല udumbanchola
ദേവികുളം devikulam
പീരുമേട് peermade
കണയന്നൂർ kanayannur
പറവൂർ paravur
കുന്നത്തുനാട് kunnathunad
മുകുന്ദപുരം mukundapuram
തലപ്പിള്ളി thalappilly
ആലത്തൂർ alathur
ഏറനാട് eranad
തിരൂരങ്ങാടി tirurangadi
താമരശ്ശേരി thamarassery
തളിപ്പറമ്പ് taliparamba
ഹോസ്ദുർഗ് hosdurg
വൈത്തിരി vythiri
ബത്തേരി bathery
`;
