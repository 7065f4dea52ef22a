//! The VM's firewall and statistics tabs.

crate::catalogue! {
    // The firewall tab
    FW_LOADING_INTERFACES = "Loading the interfaces" / "Cargar las interfaces";
    FW_NO_INTERFACES_TEXT = "Rules belong to network interfaces; this VM has none." / "Las reglas pertenecen a las interfaces de red, y esta VM no tiene ninguna.";
    FW_LOADING_RULES = "Loading the firewall rules" / "Cargar las reglas del cortafuegos";
    FW_APPLY_TITLE = "New rules take effect once they are applied." / "Las reglas nuevas se aplican cuando pulsas «Aplicar».";
    FW_UNAPPLIED_NONE = "No rule was created here since the last apply." / "No se ha creado ninguna regla aquí desde la última aplicación.";
    FW_UNAPPLIED_LIST = "Created since the last apply:" / "Creadas desde la última aplicación:";
    FW_COMMAND = "Command" / "Acción";
    FW_FROM = "From" / "Origen";
    FW_DESCRIPTION = "Description" / "Descripción";
    FW_EVERYONE = "everyone" / "todos";
    FW_DEFAULT_POLICY_ROW = "Default policy: everything no rule above matches." / "Política por defecto: todo lo que no coincide con ninguna regla de arriba.";
    FW_CHECKS_ONE = "One thing to look at in these rules" / "Hay una cosa que revisar en estas reglas";
    FW_CHECKS_OTHER = "{n} things to look at in these rules" / "Hay {n} cosas que revisar en estas reglas";
    FW_ADD_RULE_TITLE = "Add a rule" / "Añadir una regla";
    FW_CREATING_RULE = "Creating the rule" / "Crear la regla";
    FW_FROM_ADDRESS = "From address" / "Dirección de origen";
    FW_ADDRESS_HINT = "An address, a.b.c.d/24 or a range a.b.c.d-e.f.g.h." / "Una dirección, a.b.c.d/24 o un rango a.b.c.d-e.f.g.h.";
    FW_PORT_HINT = "22, a list 22,80,443 or a range 1000:2000." / "22, una lista 22,80,443 o un rango 1000:2000.";
    FW_ADD_RULE = "Add rule" / "Añadir regla";
    FW_ADD_RULE_SENDS = "What “Add rule” sends" / "Lo que envía «Añadir regla»";

    // The guard against locking oneself out
    FW_LOCKOUT_TITLE = "You may lock yourself out." / "Podrías quedarte sin acceso.";
    FW_LOCKOUT_AGAIN = "Press “{again}” again to go ahead anyway." / "Pulsa «{again}» otra vez para seguir de todos modos.";
    FW_LOCKOUT_ADVICE = "Add a rule that accepts SSH or RDP from your address first, or confirm twice." / "Añade antes una regla que acepte SSH o RDP desde tu dirección, o confirma dos veces.";

    // The packet tester
    FW_TESTER_WHAT = "{protocol} packet to port {port} from {source}" / "paquete {protocol} al puerto {port} desde {source}";
    FW_TESTER_RULE_N = "rule {n}" / "la regla {n}";
    FW_TESTER_A_RULE = "a rule" / "una regla";
    FW_TESTER_RULE_DECIDES = "{place} decides: {rule}." / "decide {place}: {rule}.";
    FW_TESTER_POLICY_DECIDES = "no rule matches, so the default policy decides." / "ninguna regla coincide, así que decide la política por defecto.";
    FW_TESTER_POLICY_UNKNOWN = "no rule matches, and the interface's default policy is not known." / "ninguna regla coincide, y no se conoce la política por defecto de la interfaz.";
    FW_TESTER_RESULT = "A {what}: {why}" / "Un {what}: {why}";
    FW_TESTER_TITLE = "Test a packet" / "Probar un paquete";
    FW_TESTER_INTRO = "Which rule decides a packet, without sending one. The answer follows the rules as listed, applied or not." / "Qué regla decide sobre un paquete, sin enviar ninguno. La respuesta sigue las reglas de la lista, aplicadas o no.";
    FW_TESTER_TESTING = "Testing the packet" / "Probar el paquete";
    FW_TESTER_SOURCE_PLACEHOLDER = "e.g. 203.0.113.9" / "p. ej. 203.0.113.9";
    FW_TESTER_SOURCE_HINT = "Save your own address to have the guard check it too." / "Guarda tu propia dirección para que la protección también la compruebe.";
    FW_TESTER_SAVE = "Save as my address" / "Guardar como mi dirección";
    FW_TESTER_RUN = "Test" / "Probar";
    FW_MY_ADDRESS = "Your address, kept in this browser: {address}" / "Tu dirección, guardada en este navegador: {address}";

    // The statistics tab
    STATS_FROM_THIS_BROWSER = "{action} (from this browser)" / "{action} (desde este navegador)";
    STATS_NO_SAMPLE = "no sample" / "sin muestra";
    STATS_CPU_VALUE = "CPU {value} %" / "CPU {value} %";
    STATS_SAMPLE_N = "sample {n}" / "muestra {n}";
    STATS_IN_VALUE = "In {bytes} ({rate})" / "Entrada {bytes} ({rate})";
    STATS_OUT_VALUE = "Out {bytes} ({rate})" / "Salida {bytes} ({rate})";
    STATS_PERIOD = "Period" / "Periodo";
    STATS_LOADING = "loading" / "cargando";
    STATS_CPU_MEANING_MANY = "In percent of all the VM's {n} CPUs: 100 % means every one of them is fully busy." / "En porcentaje de las {n} CPU de la VM: 100 % significa que todas están ocupadas por completo.";
    STATS_CPU_MEANING_ONE = "In percent of the VM's CPU: 100 % means it is fully busy." / "En porcentaje de la CPU de la VM: 100 % significa que está ocupada por completo.";
    STATS_LOADING_CPU = "Loading the CPU statistics" / "Cargar las estadísticas de CPU";
    STATS_NO_CPU_DATA_SENTENCE = "No CPU data for this period." / "No hay datos de CPU para este periodo.";
    STATS_CPU_CHART = "CPU usage chart" / "Gráfico del uso de CPU";
    STATS_TRAFFIC = "Network traffic" / "Tráfico de red";
    STATS_TRAFFIC_MEANING = "Bytes per sample, in and out of each interface; the pointer and the table also give the average rate." / "Bytes por muestra, de entrada y salida de cada interfaz; el puntero y la tabla dan también la tasa media.";
    STATS_LOADING_TRAFFIC = "Loading the traffic statistics" / "Cargar las estadísticas de tráfico";
    STATS_NO_TRAFFIC_DATA_SENTENCE = "No traffic data for this period." / "No hay datos de tráfico para este periodo.";
    STATS_INTERFACE_ON = "{name} on {network} ({kind})" / "{name} en {network} ({kind})";
    STATS_TRAFFIC_CHART = "Network traffic chart" / "Gráfico del tráfico de red";
    STATS_DRAW_FAILED = "The chart could not be drawn ({error}); the table below has its values." / "No se ha podido dibujar el gráfico ({error}); la tabla de abajo tiene sus valores.";
    STATS_HIDE_VALUES = "Hide the values" / "Ocultar los valores";
    STATS_SHOW_VALUES = "Show the values as a table" / "Ver los valores en una tabla";
    STATS_TIME = "Time" / "Momento";
    STATS_VALUES = "Values" / "Valores";
}
