/**
 * Odia words of addresses and place names (districts and towns of Odisha), one per line, roughly most
 * useful first, each with the typed spellings its romanisation does not give. Written for this project
 * from public knowledge of the place names; not the evaluation set.
 */
export const ODIA_LEXICON = `
# institutions and buildings
ବିଦ୍ୟାଳୟ vidyalaya bidyalaya bidyalay
ପ୍ରାଥମିକ prathamika prathamik
ଉଚ୍ଚ uchha uchcha
ସ୍କୁଲ school
ଗ୍ରାମ grama gram
ପଞ୍ଚାୟତ panchayat panchayata
ଭବନ bhavan bhaban
କୋଠରୀ kothari
ନମ୍ବର number nambar
ମନ୍ଦିର mandir
ରାସ୍ତା rasta
ସାହି sahi
ଜିଲ୍ଲା jilla zilla
ବ୍ଲକ block
ଅଙ୍ଗନୱାଡ଼ି anganwadi
କେନ୍ଦ୍ର kendra
# places
ଭୁବନେଶ୍ୱର bhubaneswar bhubaneshwar
କଟକ cuttack katak
ପୁରୀ puri
ବ୍ରହ୍ମପୁର berhampur brahmapur
ସମ୍ବଲପୁର sambalpur
ରାଉରକେଲା rourkela raurkela
ବାଲେଶ୍ୱର balasore baleswar baleshwar
ଭଦ୍ରକ bhadrak
ଯାଜପୁର jajpur
କେନ୍ଦ୍ରାପଡ଼ା kendrapara
ଜଗତସିଂହପୁର jagatsinghpur
ଖୋର୍ଦ୍ଧା khordha khurda
ନୟାଗଡ଼ nayagarh
ଗଞ୍ଜାମ ganjam
ଗଜପତି gajapati
କନ୍ଧମାଳ kandhamal
ବୌଦ୍ଧ boudh baudh
ବଲାଙ୍ଗୀର balangir bolangir
ସୋନପୁର sonepur sonpur
ବରଗଡ଼ bargarh
ଝାରସୁଗୁଡ଼ା jharsuguda
ସୁନ୍ଦରଗଡ଼ sundargarh
ଦେବଗଡ଼ deogarh debagarh
ଅନୁଗୋଳ angul anugul
ଢେଙ୍କାନାଳ dhenkanal
କେନ୍ଦୁଝର keonjhar kendujhar
ମୟୂରଭଞ୍ଜ mayurbhanj
ବାରିପଦା baripada
କୋରାପୁଟ koraput
ମାଲକାନଗିରି malkangiri
ନବରଙ୍ଗପୁର nabarangpur nowrangpur
ରାୟଗଡ଼ା rayagada
କଳାହାଣ୍ଡି kalahandi
ନୂଆପଡ଼ା nuapada
ଭବାନୀପାଟଣା bhawanipatna
ପାରାଦୀପ paradip paradeep
ତାଳଚେର talcher
ଜୟପୁର jeypore jaypur
ଛତ୍ରପୁର chhatrapur
ଆସ୍କା aska
ହିଞ୍ଜିଳି hinjili
# common names and words that begin place names
ରାମ ram
କୃଷ୍ଣ krishna
ଗୋପାଳ gopal
ଶିବ shiv shiba
ହନୁମାନ hanuman
ସୀତା sita
ଲକ୍ଷ୍ମୀ laxmi lakshmi
ନାରାୟଣ narayan
ରାଧା radha
ଗଣେଶ ganesh
ମହାଦେବ mahadev
ଶ୍ରୀ shri sri
ଦେବ dev deb
ଦୁର୍ଗା durga
ବିଷ୍ଣୁ vishnu bishnu
ଗଙ୍ଗା ganga
# more towns
ଜଟଣୀ jatni
ବାଙ୍କୀ banki
ସାଲେପୁର salepur salipur
କାମାକ୍ଷ୍ୟାନଗର kamakhyanagar
ଉମରକୋଟ umerkote umarkot
ପୋଲସରା polasara
କାନ୍ତାବାଞ୍ଜି kantabanji
ଧର୍ମଗଡ଼ dharmagarh
ଜୁନାଗଡ଼ junagarh
କେସିଙ୍ଗା kesinga
ହୀରାକୁଦ hirakud
ବୁର୍ଲା burla
ବ୍ରଜରାଜନଗର brajarajnagar
ବୀରମିତ୍ରପୁର birmitrapur
ରାଜଗାଙ୍ଗପୁର rajgangpur
ଜୋଡ଼ା joda
ବଡ଼ବିଲ barbil
ନୀଳଗିରି nilgiri
`;
