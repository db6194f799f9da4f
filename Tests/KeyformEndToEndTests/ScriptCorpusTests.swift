import Testing

/// `zenity --forms` and `yad --form` lines from public repositories, each run under the real
/// program (zenity 3.44, yad 0.40) and under Keyform standing in for it, with the same keys typed
/// through XTEST: standard output and exit status must be the same, byte for byte. `source` says
/// where each line comes from (`owner/repository path:line`). The lines are as written there,
/// but for what a line cannot run without: `$(gettext "X")` is `X`, a variable is a value it
/// could hold, a path is one that exists or plainly does not, a line with no `--title` gets one
/// (to find its window by), and the output goes to standard output, after the status.
///
/// Where Keyform deliberately differs on the keys, `keyformKeys` says how, with the reason in a
/// comment: an editable combo is one Tab stop in Keyform, two in yad (docs/zenity-yad.md).
@Suite("zenity and yad lines from public repositories under both", .serialized) struct ScriptCorpusTests {
    typealias Script = DialogScript

    static let maria = "maria-larissa/Mini-system_ShellScript"
    static let manual = "MANUAL DE INTRUÇÕES"

    static let zenity: [Script] = [
        Script(name: "two numbers", title: "      \(manual)      ",
               script: #"saidas=$(zenity --forms --title="      MANUAL DE INTRUÇÕES      " --text="Voce deverá informar dois números inteiros e será retornado qual o maior entre os dois e o valor da soma." --separator="," --add-entry="Primeiro número" --add-entry="Segundo número"); echo "$? $saidas""#,
               keys: ["type:12", "Tab", "type:30", "Tab", "Tab", "Return"], expected: "0 12,30\n", source: "\(maria) opcoes/opcao1.sh:1"),
        Script(name: "a user name", title: manual,
               script: #"saida=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text "Você deverá informar o nome de um usuário e será retornado\nse o usuário é válido ou não no sistema." --add-entry="Digite o nome do usuário:"); echo "$? $saida""#,
               keys: ["type:root", "Tab", "Tab", "Return"], source: "\(maria) opcoes/opcao2.sh:1"),
        Script(name: "a folder's path", title: manual,
               script: #"saida=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá passar caminho (completo) de um diretorio\ne será listado todos os arquivos existentes,destacando\nos subdiretórios (dir)." --add-entry="Digite o caminho"); echo "$? $saida""#,
               keys: ["type:/tmp", "Tab", "Tab", "Return"], source: "\(maria) opcoes/opcao3.sh:1"),
        Script(name: "a number, cancelled", title: manual,
               script: #"saida=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá informar um número e será retornado todos os numeros pares de 0 até o numero informado." --add-entry="Digite um número"); echo "$? $saida""#,
               keys: ["type:10", "Tab", "Return"], expected: "1 \n", source: "\(maria) opcoes/opcao4.sh:1"),
        Script(name: "a file's name", title: manual,
               script: #"saida=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá infromar o nome de um arquivo ,com a extensão,\ne será verificado se existe, caso sim também será retornado o\nseu tamaho em bytes." --add-entry="Digite o nome do arquivo"); echo "$? $saida""#,
               keys: ["type:notes.txt", "Tab", "Tab", "Return"], source: "\(maria) opcoes/opcao5.sh:1"),
        Script(name: "a menu's choice, Escape", title: "MENU SECUNDÁRIO",
               script: #"res=$(zenity --forms --title="MENU SECUNDÁRIO" --text="01 - Exibir status da utilização das partições do sistema\n02 - Exibir relação de usuários logados\n03 - Exibir data/hora\n04 - Volta para menu principal" --add-entry="Informe sua opção: "); echo "$? $res""#,
               keys: ["type:4", "Escape"], expected: "1 \n", source: "\(maria) opcoes/opcao6.sh:4"),
        Script(name: "four entries and a long text of tabs", title: manual,
               script: #"saida=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá informar as datas de inicio e fim do semestre.\n \t\t\t1 - Segunda-feira\n \t\t\t2 - Terça-feira\n Ex: \n\t2008/02/07 \n\t2008/07/05 \n\t1 \n\t3\n" --separator="," --add-entry="Digite a data de inicio do semestre" --add-entry="Digite a data de fim do semestre" --add-entry="Digite o id do 1º dia da semana" --add-entry="Digite o id do 2º dia da semana"); echo "$? $saida""#,
               keys: ["type:2008/02/07", "Tab", "type:2008/07/05", "Tab", "type:1", "Tab", "type:3", "Tab", "Tab", "Return"],
               expected: "0 2008/02/07,2008/07/05,1,3\n", source: "\(maria) opcoes/opcao7.sh:1"),
        Script(name: "a path to rename in", title: manual,
               script: #"caminho=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá informar o caminho (completo) de um\ndiretório e serão renomeados todos os arquivos de\nacordo com a primeira palavra encontrada no conteúdo.\n" --add-entry="Digite o caminho"); echo "$? $caminho""#,
               keys: ["type:/home/ada", "Tab", "Tab", "Return"], source: "\(maria) opcoes/opcao8.sh:1"),
        Script(name: "three words", title: manual,
               script: #"lista=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá informar uma lista de até 3 palavras e será retornado a lista ordenada. Ex: casa macaco dedo\nDeverá retornar: casa dedo macaco\n" --separator="," --add-entry="Digite 1ª palavra" --add-entry="Digite 2ª palavra" --add-entry="Digite 3ª palavra" ); echo "$? $lista""#,
               keys: ["type:casa", "Tab", "type:macaco", "Tab", "Tab", "Tab", "Return"], expected: "0 casa,macaco,\n",
               source: "\(maria) opcoes/opcao9.sh:1"),
        Script(name: "a word to sort in", title: manual,
               script: #"palavra=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você ira informa uma lista de palavras,a cada palavra\n adicionada será retornada a lista ordenada das palavras.\n\nCaso deseje SAIR, digite a palavra 'sair'.\n" --add-entry="Digite uma palavra"); echo "$? $palavra""#,
               keys: ["type:sair", "Tab", "Tab", "Return"], source: "\(maria) opcoes/opcao10.sh:3"),
        Script(name: "a calculator's three entries", title: manual,
               script: #"saida=$(zenity --forms --title="MANUAL DE INTRUÇÕES" --text="Você deverá informar dois numeros INTEIROS e um operador \nartimético, como se tivesse utilizando uma calculadora, será\n retornado o resultado da operação.\n\nEx: 2 + 6\nResultado: 8" --separator="," --add-entry="Digite um numero" --add-entry="Digite o operador" --add-entry="Digite um numero"); echo "$? $saida""#,
               keys: ["type:2", "Tab", "type:+", "Tab", "type:6", "Tab", "Tab", "Return"], expected: "0 2,+,6\n", source: "\(maria) opcoes/opcao11.sh:1"),
        Script(name: "a new user with a calendar in its own format", title: "Add User",
               script: #"zenity --forms --title="Add User" --text="Enter information about new user." --separator="," --forms-date-format="%d-%m-%Y" --add-entry="First Name" --add-entry="Login" --add-entry="Email" --add-password="Senha" --add-calendar="Birthday"; echo "status $?""#,
               keys: ["type:Ada", "Tab", "type:ada", "Tab", "type:ada@example.org", "Tab", "type:s3cret", "Tab", "Tab", "Tab", "Return"],
               source: "Geofisicando/Curso-Zenity exemplos/form/forms.sh:17"),
        Script(name: "a list of two columns and two combos", title: "test-form",
               script: #"datos=$(zenity --forms --title="test-form" --text="Introduce los siguientes datos" --add-entry="Nombre" --add-password="Contraseña" --add-calendar="Fecha de nacimiento" --add-list="Resoluciones" --show-header --column-values="resolucion|detalle" --list-values="1360x760||800x600|actual" --add-combo="Resolution" --combo-values="1360x768|1920x1080|1280x1024|1280x720|1024x768|800x600|720x576|720x480|640x480" --add-combo="Escala" --show-header --combo-values="50%|60%|70%|80%|90%|100%|110%|120%|130%|140%|150%|160%|170%|180%|190%|200%"); echo "$? [$datos]""#,
               keys: ["type:Ada", "Tab", "type:pw", "Tab", "Tab", "Down", "Tab", "Down", "Tab", "Tab", "Tab", "Return"],
               source: "lionbach/lionbach-pc-configuration random/lion-tools/zenity-form-01.sh:3"),
        Script(name: "four entries joined by commas", title: "Start Fast-Test",
               script: #"input=$(zenity --forms --title="Start Fast-Test" --text="Enter in English..." --separator="," --add-entry="snum" --add-entry="host" --add-entry="port" --add-entry="author"); echo $input"#,
               keys: ["type:7", "Tab", "type:localhost", "Tab", "type:8080", "Tab", "type:ada", "Tab", "Tab", "Return"],
               expected: "7,localhost,8080,ada\n", source: "icehap/MB_FastTest startft.sh:3"),
        // tldr's line has no --title: one is added to find the window by.
        Script(name: "a name and a password", title: "tldr",
               script: #"zenity --forms --title tldr --add-entry "name" --add-password "password" --separator ";"; echo "status $?""#,
               keys: ["type:ada", "Tab", "type:pw;1", "Tab", "Tab", "Return"], expected: "ada;pw;1\nstatus 0\n",
               source: "tldr-pages/tldr pages/linux/zenity.md:17"),
    ]

    static let idiomind = "robinpalat/idiomind"

    static let yad: [Script] = [
        Script(name: "a form of every kind, markup in labels", title: "Teste com yad",
               script: #"saida=$(yad --form --image blog-min.png --image-on-top --title "Teste com yad" --text "Exemplo <b>YAD</b> por <big>VALDEMIR</big>" --field Nome "Valdemir" --field Nascimento:DT 09/02/1984 --field "Há quanto usa <b>LINUX</b>:NUM" '1!0..20!1' --field "Sites preferidos:CB" 'Teminal Root!BR-Linux!Dicas-l!VIva o linux!Outros' --field "Vou passar a usar o YAD:CHK" TRUE --field "Vou continuar no ZENITY:CHK"); echo "$? $saida""#,
               keys: ["ctrl+a", "type:Ada", "Tab", "Tab", "Up", "ctrl+Return"], expected: "0 Ada|09/02/1984|2|Teminal Root|TRUE|FALSE|\n",
               source: "ValdemirBSJr/SHELL exemplo_yad.sh:7"),
        Script(name: "the same form, a number stepped twice", title: "Terminal Root",
               script: #"Saida=$( yad --form --image oblog-min.png --image-on-top --title "Terminal Root" --text "Exemplo <b>YAD</b> por <big><b>Terminal Root</b></big>" --field Nome "Debora" --field Nascimento:DT 10/03/1999 --field "Há quanto tempo usa <b>Linux</b>:NUM" '1!0..20!1' --field "Sites preferidos:CB" 'Terminal Root!BR-Linux!Dicas-l!Viva o Linux!Outros' --field "Vou passar a usar o yad:CHK" TRUE --field "Vou continuar usando zenity:CHK"); echo $Saida | tr '|' ','"#,
               keys: ["Tab", "Tab", "Up", "Up", "ctrl+Return"], expected: "Debora,10/03/1999,3,Terminal Root,TRUE,FALSE,\n",
               source: "sscdebora/ShellScript 09form-yad.sh:3"),
        Script(name: "read-only, label, combos with no items, three buttons", title: "Tela Linux",
               script: #"HOJE=$(date +%d/%m/%y%y); form=$(yad --width 650 --height 650 --title="Tela Linux" --text "Dados de Acesso\n\n\n" --image="/home/serv/Imagens/term.png" --form --field "Data Atual: ":RO "$HOJE" --field "":LBL "\n\n" --field "Sistema Operacional de Preferencia: ":CB Linux!Windows!MCOS --field "Entre com o seu Nome: " "" "" --field "Qual a sua Idade: ":NUM --field "Sexlo: ":CB Masculino!Feminino --field "Dia Mês e Ano de Nascimento: ":DT --button '/home/serv/Imagens/terminal_linux.png' --expander="    <<<<<    Clique Aqui   >>>>>    " --button=Cadastrar --button=Fechar --borders=150 --fullscreen); echo "$? ${form#*|}""#,
               // yad's --expander is a Tab stop of its own, around the fields: Ctrl+Return answers in both.
               keys: ["ctrl+Return"], expected: "0 |Linux||0|Masculino||\n", source: "code-vcs/electron telinha.sh:5"),
        Script(name: "check boxes in three columns, buttons of labels alone", title: "Miyo-Extras",
               script: #"menu=("Surfn-Icons|./1/icons/icons-surfn-v4.sh" "Install Papirus & Zafiro|./themes-and-icons.sh"); yad_opts=( --form --title="Miyo-Extras" --align=left --width=165 --borders=10 --height=250 --columns=3 --button="Install" --button="Exit" ); for m in "${menu[@]}"; do yad_opts+=( --field="${m%|*}:CHK" ); done; IFS='|' read -ra ans < <( yad "${yad_opts[@]}" ); echo "${ans[*]}""#,
               keys: ["space", "Tab", "Tab", "Return"], expected: "TRUE FALSE\n", source: "ksadarsh/JWM scripts/1/icons/icons.sh:7"),
        Script(name: "a topic from a combo, no separator", title: "No topic selected",
               script: #"tpcs='Verbs!Nouns'; tpe="$(yad --form --title="No topic selected" --name=Idiomind --class=Idiomind --text="Select the topic in which the notes should be added" --gtkrc="/usr/share/idiomind/default/gtkrc.cfg" --always-print-result --separator="" --skip-taskbar --fixed --center --on-top --align=right --window-icon=idiomind --width=470 --borders=5 --field=":CB" " !$tpcs" --button="OK":0 |sed -e 's/^ *//' -e 's/ *$//')"; echo "$? [$tpe]""#,
               keys: ["Down", "Down", "ctrl+Return"], expected: "0 [Nouns]\n", source: "\(idiomind) ifs/mods/add/add.sh:14"),
        Script(name: "a new topic's name, Return", title: "New Topic",
               script: #"yad --form --title="New Topic" --name=Idiomind --class=Idiomind --separator='|' --window-icon=/usr/share/idiomind/images/logo.png --skip-taskbar --fixed --center --on-top --width=450 --height=80 --borders=5 --field="Name" "Verbs" --button="OK":0; echo "status $?""#,
               keys: ["ctrl+a", "type:Irregular verbs", "Return"], expected: "Irregular verbs|\nstatus 0\n", source: "\(idiomind) ifs/mods/add/add.sh:623"),
        Script(name: "a note with six icon buttons", title: "Add note",
               script: #"tpcs='Verbs!Nouns'; yad --form --title="Add note" --name=Idiomind --class=Idiomind --gtkrc="/usr/share/idiomind/default/gtkrc.cfg" --always-print-result --separator="|" --skip-taskbar --fixed --center --buttons-layout=spread --align=right --image="/tmp/no-such-image.png" --window-icon=/usr/share/idiomind/images/logo.png --width=470 --borders=1 --field="" "hello" --field=":CB" "Verbs!New topic *!$tpcs" --button=!'edit-paste'!"Clipboard watcher":5 --button=!'edit-select-all'!"Optical character recognition":1 --button=!'image-x-generic'!"Screen clipping":3 --button=!'audio-x-generic'!"Add an audio file":2 --button=!'gtk-edit'!"Add notes, example and words of a sentence":"true" --button=!'gtk-save'!"Add":0; echo "status $?""#,
               keys: ["type: world", "Tab", "Tab", "Tab", "Tab", "Tab", "Return"],
               expected: " world|Verbs|\nstatus 2\n", source: "\(idiomind) ifs/mods/add/add.sh:635"),
        Script(name: "a URL, no separator", title: "Idiomind URL",
               script: #"url=$(yad --form --title="Idiomind URL" --name=Idiomind --class=Idiomind --separator="" --window-icon=/usr/share/idiomind/images/logo.png --skip-taskbar --center --on-top --width=420 --height=100 --borders=5 --field="URL" --button="Cancel":1 --button=gtk-ok:0); echo "$? $url""#,
               keys: ["type:https://example.org/a|b", "Return"], expected: "0 https://example.org/a|b\n", source: "\(idiomind) ifs/tls.sh:398"),
        Script(name: "two full buttons that run commands", title: "Resources",
               script: #"yad --form --title="Resources" --name=Idiomind --class=Idiomind --center --width=320 --height=100 --borders=5 --field="Add files":FBTN "true add_file" --field="YouTube URL":FBTN "true videourl" --button="Save!gtk-apply":0 --button="Cancel":1; echo "status $?""#,
               keys: ["ctrl+Return"], expected: "||\nstatus 0\n", source: "\(idiomind) ifs/tls.sh:420"),
        Script(name: "a settings form of labels, check box, combo, full button", title: "Native Language Settings",
               script: #"ldgl="$(yad --form --title="Native Language Settings" --class=Idiomind --name=Idiomind --text="<big><b>English</b></big>"\\n --always-print-result --window-icon=/usr/share/idiomind/images/logo.png --buttons-layout=end --center --on-top --align=left --width=400 --height=470 --borders=15 --field="":LBL " " --field="\n<b>Translation quality </b> ":LBL " " --field="The quality of this translation was verified ( English )":CHK "FALSE" --field="<small>This topic has no verified translations.</small>":LBL " " --field=" ":LBL " " --field="\\n<b>Automatic Translation</b> ":LBL " " --field="Select native language:":CB "!Spanish!French" --field="<small>Note: translations from google translate service sometimes is inaccurate.</small>":LBL " " --field=" ":LBL " " --field="<b>Manually Translation</b>":fbtn "true transl_batch" --field=" ":LBL " " --button="Apply"!gtk-apply:0 --button="Cancel":1)"; ret="$?"; echo "$ret $ldgl""#,
               keys: ["space", "Tab", "Down", "ctrl+Return"], expected: "0 ||TRUE||||Spanish|||||\n", source: "\(idiomind) ifs/tls.sh:834"),
        Script(name: "a question with no field", title: "Idiomind",
               script: #"yad --form --title="Idiomind" --name=Idiomind --class=Idiomind --image="/usr/share/idiomind/images/trans.png" --text="Change the language?\n" --window-icon=idiomind --skip-taskbar --center --on-top --width=380 --height=100 --borders=5 --button="   Cancel   ":1 --button="Yes":0; echo "status $?""#,
               keys: ["Tab", "Return"], expected: "\nstatus 0\n", source: "\(idiomind) cnfg.sh:26"),
        Script(name: "a notice with one button", title: "Notice",
               script: #"yad --form --title="Notice" --text="Note that these languages may present some text display errors: Chinese, Japanese, Russian." --image=dialog-information --name=Idiomind --class=Idiomind --window-icon=dialog-information --skip-taskbar --center --on-top --width=340 --height=120 --borders=5 --button="OK":0; echo "status $?""#,
               keys: ["Return"], expected: "\nstatus 0\n", source: "\(idiomind) ifs/1u.sh:42"),
        Script(name: "two language combos with tabs in their labels", title: "Idiomind first run",
               script: #"dlg=$(yad --form --title="Idiomind first run" --text="Welcome\n" --class=Idiomind --name=Idiomind --image=/usr/share/idiomind/images/logo.png --window-icon=/usr/share/idiomind/images/logo.png --image-on-top --buttons-layout=end --align=right --fixed --geometry="+100+100" --center --on-top --width=500 --height=260 --borders=15 --field="\t\t\tSelect the language you are learning  :CB" "!English!French!German" --field="\t\t\tSelect your language  :CB" "!Spanish!Italian" --field=" :LBL" " " --field="Set recommended Initialization configurations  :chk" "TRUE" --field=" :LBL" " " --button="Cancel":1 --button="OK!gtk-apply":0); echo "$? $dlg""#,
               keys: ["Down", "Down", "Tab", "Down", "Tab", "space", "ctrl+Return"], expected: "0 French|Spanish||FALSE||\n", source: "\(idiomind) ifs/1u.sh:90"),
        Script(name: "a share form of combos with no items, a text area, a link", title: "Share",
               script: #"yad --form --title="Share" --text="Upload this topic" --name=Idiomind --class=Idiomind --always-print-result --window-icon=/usr/share/idiomind/images/logo.png --buttons-layout=end --align=right --center --width=500 --height=400 --borders=18 --field=" :LBL" "" --field="Category:CB" "" --field="Skill Level:CB" "" --field="\nDescription/Notes:TXT" "A note\nof two lines" --field="Author" "ada" --field="\t\t\t\t\t\tPassword" "" --field="<a href='https://example.org'>Get account</a> \n":LBL --button="Export":2 --button="Upload":0; echo "status $?""#,
               keys: ["ctrl+Return"], expected: "|(null)|(null)|A note\\nof two lines|ada|||\nstatus 0\n", source: "\(idiomind) ifs/upld.sh:127"),
        Script(name: "a share form with an editable combo", title: "Share",
               script: #"yad --form --title="Share" --text="Upload this topic" --name=Idiomind --class=Idiomind --always-print-result --window-icon=/usr/share/idiomind/images/logo.png --align=right --center --width=500 --height=400 --borders=18 --field=" :LBL" "" --field="Category:CBE" "Grammar!Vocabulary" --field="Skill Level:CB" "Beginner!Intermediate!Advanced" --field="\nDescription/Notes:TXT" "" --field="Author" "ada" --field="\t\t\t\t\t\tPassword" "" --field=" ":LBL "" --button="Export":2 --button="Upload":0; echo "status $?""#,
               keys: ["ctrl+a", "type:Idioms", "Tab", "Tab", "Down", "ctrl+Return"],
               // An editable combo is two Tab stops in yad (its entry and its arrow), one in Keyform.
               keyformKeys: ["ctrl+a", "type:Idioms", "Tab", "Down", "ctrl+Return"],
               expected: "|Idioms|Intermediate||ada|||\nstatus 0\n", source: "\(idiomind) ifs/upld.sh:146"),
        Script(name: "two columns, a button field, even buttons", title: "Share",
               script: #"yad --form --columns=2 --title="Share" --name=Idiomind --class=Idiomind --always-print-result --window-icon=/usr/share/idiomind/images/logo.png --align=left --center --width=450 --borders=10 --text="Downloaded" --field="Files ready:lbl" " " --field="Download:btn" "true" --field="\t\t:lbl" " " --button="Export":2 --button="Close":4; echo "status $?""#,
               keys: ["Tab", "Tab", "Return"], expected: "|||\nstatus 4\n", source: "\(idiomind) ifs/upld.sh:172"),
        Script(name: "labels only, an even button", title: "Share",
               script: #"yad --form --title="Share" --separator="|" --name=Idiomind --class=Idiomind --window-icon=/usr/share/idiomind/images/logo.png --align=left --center --width=420 --height=240 --borders=10 --field="<b>Downloaded files</b>:lbl" " " --field="\nSize: 2 MB":lbl " " --field="\t\t\t\t\t\t\t:lbl" " " --button="Export":2 --button="Close":4; echo "status $?""#,
               keys: ["Return"], expected: "|||\nstatus 2\n", source: "\(idiomind) ifs/upld.sh:188"),
        Script(name: "editing a note: text areas, a file field, two columns", title: "Edit - Note 3",
               script: #"yad --form --title="Edit - Note 3" --name=Idiomind --class=Idiomind --always-print-result --print-all --separator="|" --window-icon=/usr/share/idiomind/images/logo.png --align=right --text-align=center --columns=2 --buttons-layout=end --center --width=650 --height=400 --borders=10 --field="English" "house" --field="Spanish" "casa" --field="Topic":CB "Home!Verbs" --field=" ":LBL " " --field="Example\t\t\t\t\t\t\t\t\t\t\t":TXT "My house" --field="Definition":TXT "" --field="Definition":FBTN "true def" --field="Translation":FBTN "true trad" --field="Audio":FL "" --field="Mark":CHK "FALSE" --field="Note":TXT "" --button="Image":"true image" --button="Delete":"true delete" --button="!audio-volume-high!Listen":"true play" --button="!media-seek-forward":2 --button="Close":0; echo "status $?""#,
               keys: ["type:s", "ctrl+Return"], expected: "s|casa|Home||My house|||||FALSE||\nstatus 0\n", source: "\(idiomind) ifs/mods/mngr/mngr.sh:7"),
        Script(name: "a practice question of icon buttons", title: " ",
               script: #"yad --form --title=" " --skip-taskbar --text-align=center --center --on-top --undecorated --buttons-layout=spread --align=center --width=460 --height=280 --borders=16 --field="\nA question":lbl "" --field="":lbl "" --button="!window-close":1 --button="!media-seek-forward":0; echo "status $?""#,
               keys: ["Tab", "Return"], expected: "||\nstatus 0\n", source: "\(idiomind) practice/strt.sh:219"),
        Script(name: "a practice answer, the odd button", title: " ",
               script: #"yad --form --title=" " --skip-taskbar --text-align=center --center --on-top --undecorated --buttons-layout=spread --align=center --width=460 --height=280 --borders=16 --field="house":lbl "" --field="":lbl "" --field="casa":lbl "" --button="    I did not know it   !/tmp/no.png":3 --button="    I Knew it   !/tmp/yes.png":2; echo "status $?""#,
               keys: ["Return"], expected: "status 3\n", source: "\(idiomind) practice/strt.sh:230"),
        Script(name: "a yes-or-no card", title: " ",
               script: #"yad --form --title=" " --text="<small><small>Do you recognize this word?</small></small>\n\nhouse" --skip-taskbar --text-align=center --center --on-top --buttons-layout=edge --image-on-top --undecorated --width=450 --height=270 --borders=16 --button="!window-close":1 --button="      No     !/tmp/no.png":3 --button="      Yes    !/tmp/yes.png":2 --button="!audio-volume-high":"true play"; echo "status $?""#,
               keys: ["Tab", "Tab", "Return"], expected: "\nstatus 2\n", source: "\(idiomind) practice/strt.sh:485"),
        Script(name: "a picture card", title: " ",
               script: #"yad --form --title=" " --image="/tmp/no-such-card.png" --skip-taskbar --text-align=center --skip-taskbar --align=center --center --on-top --image-on-top --undecorated --buttons-layout=spread --width=418 --height=370 --borders=16 --field="What is it?":lbl "" --field="":lbl "" --button="!window-close":1 --button="!media-seek-forward":0; echo "status $?""#,
               keys: ["Escape"], expected: "status 252\n", source: "\(idiomind) practice/strt.sh:605"),
        Script(name: "a sentence typed, --focus-field", title: " ",
               script: #"entry=$(>/dev/null |yad --form --title=" " --text="<small><small>Listen and then try to write this sentence</small></small>\n\n<span color='#818181' font_desc='Verdana Bold 13'>h_ _ _ e</span>\n" --name=Idiomind --class=Idiomind --separator="" --focus-field=1 --window-icon=/usr/share/idiomind/images/logo.png --image="/usr/share/idiomind/images/bar.png" --buttons-layout=end --skip-taskbar --undecorated --center --on-top --align=center --image-on-top --width=620 --height=250 --borders=15 --field="" "" --button="!window-close":1 --button="!audio-volume-high":"true play" --button="!media-seek-forward":0); echo "$? $entry""#,
               keys: ["type:the house", "Return"], expected: "0 the house\n", source: "\(idiomind) practice/strt.sh:719"),
        Script(name: "voice settings: combos with no items and other dialogs' options", title: "Voice",
               script: #"c=$(yad --form --title="Voice" --text="Resource name: espeak\n<small>\n<b>Languages:</b>\nen\n</small>" --image=/tmp/no-icon.png --name=Idiomind --class=Idiomind --window-icon="/usr/share/idiomind/images/icon.png" --center --on-top --skip-taskbar --expand-column=3 --width=600 --height=200 --borders=12 --always-print-result --editable --print-all --align=right --field=Voice:CB "" --field=Speed:CB "1!^2!3" --field="Key" "abc" --button="Cancel":1 --button="OK":0); echo "$? $c""#,
               // An empty combo is no Tab stop: the keys start in Speed, and type on the Cancel button.
               keys: ["Tab", "Down", "Tab", "type:d", "ctrl+Return"], expected: "0 (null)|2|abc|\n", source: "robinpalat/idiomind addons/Resources/cnfg.sh:111"),
        Script(name: "a note and its translation, the last button", title: "Add note",
               script: #"tpcs='Verbs!Nouns'; yad --form --title="Add note" --name=Idiomind --class=Idiomind --gtkrc="/usr/share/idiomind/default/gtkrc.cfg" --always-print-result --separator="|" --skip-taskbar --fixed --center --buttons-layout=spread --align=right --image="/tmp/no-such-image.png" --window-icon=/usr/share/idiomind/images/logo.png --width=470 --borders=1 --field="" "house" --field="" "casa" --field=":CB" "Verbs!New topic *!$tpcs" --button=!'edit-paste'!"Clipboard watcher":5 --button=!'edit-select-all'!"Optical character recognition":1 --button=!'image-x-generic'!"Screen clipping":3 --button=!'audio-x-generic'!"Add an audio file":2 --button=!'gtk-edit'!"Add notes, example and words of a sentence":"true words" --button=!'gtk-save'!"Add":0; echo "status $?""#,
               keys: ["Tab", "type:la casa", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Return"],
               expected: "house|la casa|Verbs|\nstatus 0\n", source: "\(idiomind) ifs/mods/add/add.sh:656"),
        Script(name: "a practice answer, the even button", title: " ",
               script: #"yad --form --title=" " --image="/tmp/no-such-card.png" --skip-taskbar --text-align=center --align=center --center --on-top --image-on-top --undecorated --buttons-layout=spread --width=418 --height=370 --borders=16 --field="It is a house":lbl "" --field="":lbl "" --button="I did not know it!/tmp/no.png":3 --button="I Knew it!/tmp/yes.png":2; echo "status $?""#,
               keys: ["Tab", "Return"], expected: "||\nstatus 2\n", source: "\(idiomind) practice/strt.sh:618"),
        Script(name: "a result with a command button first", title: " ",
               script: #"yad --form --title=" " --text="<small><small>Result:</small></small>\n\n<span font_desc='Arial 15'>The house</span>\\n" --name=Idiomind --class=Idiomind --window-icon=idiomind --skip-taskbar --wrap --image-on-top --center --on-top --undecorated --buttons-layout=end --width=620 --height=250 --borders=15 --field="":lbl "" --field="<span font_desc='Arial 12'>house</span>\n\n<small>Match 100%</small>":lbl --button="!audio-volume-high":"true play" --button="!media-seek-forward":2; echo "status $?""#,
               keys: ["Tab", "Return"], expected: "||\nstatus 2\n", source: "\(idiomind) practice/strt.sh:737"),
        Script(name: "a resource window's only button", title: "Voice",
               script: #"yad --form --title="Voice" --text="Resource name: espeak" --image=/tmp/no-icon.png --name=Idiomind --class=Idiomind --window-icon="/usr/share/idiomind/images/icon.png" --center --on-top --skip-taskbar --expand-column=3 --width=600 --height=200 --fixed --borders=12 --align=right --button="Close":1; echo "status $?""#,
               keys: ["Return"], expected: "status 1\n", source: "robinpalat/idiomind addons/Resources/cnfg.sh:132"),
    ]

    @Test(arguments: zenity)
    @MainActor func keyformAnswersAsZenityDoes(_ script: Script) throws { try expectTheSameAnswers(script, as: "zenity") }

    @Test(arguments: yad)
    @MainActor func keyformAnswersAsYadDoes(_ script: Script) throws { try expectTheSameAnswers(script, as: "yad") }

    /// The script under the real `program` and under Keyform in its place: the same status and
    /// output, and the real program's output what the corpus recorded, where it did.
    @MainActor func expectTheSameAnswers(_ script: Script, as program: String) throws {
        let real = try script.run(as: program, keyform: false)
        let keyform = try script.run(as: program, keyform: true)
        if let expected = script.expected { #expect(real.stdout == expected, "\(program): \(real)") }
        #expect(keyform.status == real.status, "\(program): \(real), keyform: \(keyform)")
        #expect(keyform.stdout == real.stdout, "\(program): \(real), keyform: \(keyform)")
    }

    @Test func theCorpusHasFortyLinesFromNamedSources() {
        #expect(Self.zenity.count + Self.yad.count >= 40)
        #expect((Self.zenity + Self.yad).allSatisfy { $0.source.contains("/") && $0.source.contains(" ") })
    }
}
