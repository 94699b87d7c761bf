<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>NetworkPanel</name>
    <message numerus="yes">
        <source>%n table(s) found.</source>
        <translation>
            <numerusform>%n table found.</numerusform>
            <numerusform>%n tables found.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GameCard</name>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation><numerusform>%n player</numerusform><numerusform>%n players</numerusform></translation>
    </message>
</context>
</TS>
