/**
 * Kannada words of addresses and place names (districts and towns of Karnataka), one per line, roughly
 * most useful first, each with the typed spellings its romanisation does not give. Written for this
 * project from public knowledge of the place names; not the evaluation set.
 */
export const KANNADA_LEXICON = `
# institutions and buildings
ಶಾಲೆ shale shaale
ಸರ್ಕಾರಿ sarkari
ಪ್ರಾಥಮಿಕ prathamika
ಹಿರಿಯ hiriya
ಕಿರಿಯ kiriya
ಪ್ರೌಢ praudha proudha
ಗ್ರಾಮ grama
ಪಂಚಾಯಿತಿ panchayiti panchayati
ಕೊಠಡಿ kothadi
ಸಂಖ್ಯೆ sankhye
ರಸ್ತೆ raste rasthe
ದೇವಸ್ಥಾನ devasthana
ಜಿಲ್ಲೆ jille
ತಾಲ್ಲೂಕು taluku taluk
ಅಂಗನವಾಡಿ anganwadi anganavadi
ಕೇಂದ್ರ kendra
ಭವನ bhavana
# places
ಬೆಂಗಳೂರು bengaluru bangalore
ಮೈಸೂರು mysuru mysore
ಮಂಗಳೂರು mangaluru mangalore
ಹುಬ್ಬಳ್ಳಿ hubballi hubli
ಧಾರವಾಡ dharwad dharawada
ಬೆಳಗಾವಿ belagavi belgaum
ಕಲಬುರಗಿ kalaburagi gulbarga
ಬಳ್ಳಾರಿ ballari bellary
ವಿಜಯಪುರ vijayapura bijapur
ಶಿವಮೊಗ್ಗ shivamogga shimoga
ತುಮಕೂರು tumakuru tumkur
ದಾವಣಗೆರೆ davanagere davangere
ಹಾಸನ hassan hasana
ಮಂಡ್ಯ mandya
ಚಿತ್ರದುರ್ಗ chitradurga
ಉಡುಪಿ udupi
ಕೋಲಾರ kolar
ಚಿಕ್ಕಮಗಳೂರು chikkamagaluru chikmagalur
ರಾಯಚೂರು raichur
ಬೀದರ್ bidar
ಬಾಗಲಕೋಟೆ bagalkot bagalkote
ಗದಗ gadag
ಹಾವೇರಿ haveri
ಕೊಪ್ಪಳ koppal
ಯಾದಗಿರಿ yadgir yadagiri
ಚಾಮರಾಜನಗರ chamarajanagar
ಕೊಡಗು kodagu coorg
ಮಡಿಕೇರಿ madikeri
ಕಾರವಾರ karwar karavara
ರಾಮನಗರ ramanagara ramanagar
ಚಿಕ್ಕಬಳ್ಳಾಪುರ chikkaballapur
ಹೊಸಪೇಟೆ hospet hosapete
ಗಂಗಾವತಿ gangavati gangavathi
ಭದ್ರಾವತಿ bhadravati
ಸಾಗರ sagar sagara
ಚನ್ನಪಟ್ಟಣ channapatna
ಹುಣಸೂರು hunsur
ಗೋಕಾಕ gokak
ಚಿಕ್ಕೋಡಿ chikodi chikkodi
ಸಿರ್ಸಿ sirsi
ಪುತ್ತೂರು puttur
ನಂಜನಗೂಡು nanjangud
# common names and words that begin place names
ರಾಮ rama ram
ಕೃಷ್ಣ krishna
ಗೋಪಾಲ gopala gopal
ಶಿವ shiva siva
ಹನುಮಾನ್ hanuman
ಸೀತಾ sita
ಲಕ್ಷ್ಮೀ lakshmi laxmi
ನಾರಾಯಣ narayana
ರಾಧಾ radha
ಗಣೇಶ ganesha ganesh
ಮಹಾದೇವ mahadeva
ಶ್ರೀ shri sri
ದೇವ deva dev
ದುರ್ಗಾ durga
ವಿಷ್ಣು vishnu
ಗಂಗಾ ganga
# more towns
ಬೈಲಹೊಂಗಲ bailhongal
ಸವದತ್ತಿ savadatti saundatti
ಇಳಕಲ್ ilkal
ಅಫಜಲಪುರ afzalpur
ಹುಮನಾಬಾದ humnabad
ಔರಾದ aurad
ಬ್ಯಾಡಗಿ byadgi
ಹೊಳಲ್ಕೆರೆ holalkere
ಕುಣಿಗಲ್ kunigal
ಕೊಳ್ಳೇಗಾಲ kollegal
ಗುಂಡ್ಲುಪೇಟೆ gundlupet
ಸಕಲೇಶಪುರ sakleshpur
ತರೀಕೆರೆ tarikere
ಶಿಕಾರಿಪುರ shikaripura shikarpur
ಸೊರಬ sorab soraba
ಬಂಟ್ವಾಳ bantwal
ಸುಳ್ಯ sullia
ದಾಂಡೇಲಿ dandeli
ಮುಳಬಾಗಿಲು mulbagal
ಗೌರಿಬಿದನೂರು gauribidanur
ದೊಡ್ಡಬಳ್ಳಾಪುರ doddaballapur
ನೆಲಮಂಗಲ nelamangala
ಆನೇಕಲ್ anekal
ಮಾಲೂರು malur
ಬಂಗಾರಪೇಟೆ bangarpet
ಶ್ರೀನಿವಾಸಪುರ srinivaspur
ಚಿಂತಾಮಣಿ chintamani
ಶಿಡ್ಲಘಟ್ಟ sidlaghatta
ಪಾವಗಡ pavagada
ಮಧುಗಿರಿ madhugiri
ಕೊರಟಗೆರೆ koratagere
ಗುಬ್ಬಿ gubbi
ಚಿಕ್ಕನಾಯಕನಹಳ್ಳಿ chiknayakanhalli
ಹೊಸದುರ್ಗ hosadurga
ಚಳ್ಳಕೆರೆ challakere
ಮೊಳಕಾಲ್ಮೂರು molakalmuru
ಹರಪನಹಳ್ಳಿ harapanahalli
ಕೂಡ್ಲಿಗಿ kudligi
ಸಂಡೂರು sandur
ಸಿರುಗುಪ್ಪ siruguppa
ಲಿಂಗಸುಗೂರು lingsugur
ದೇವದುರ್ಗ devadurga
ಶಹಾಪುರ shahapur
ಚಿಂಚೋಳಿ chincholi
ಸೇಡಂ sedam
ಜೇವರ್ಗಿ jevargi
ಇಂಡಿ indi
ಸಿಂದಗಿ sindagi
ಮುದ್ದೇಬಿಹಾಳ muddebihal
ಬಸವನಬಾಗೇವಾಡಿ basavana bagewadi
`;
